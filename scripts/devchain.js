// Prepares the embedded development chain after it starts: the minimal ENS contracts at their fixed
// addresses and names for the first test accounts, so a new user sees names with no setup; and the
// names of today (docs/behaviour.md §5.5): the Universal-Resolver-compatible contract, an avatar, and
// an offchain name answered by a local gateway (EIP-3668) that also serves as the avatar image source.
const { deployEns, registerName, setReverseName } = require('../contracts/deployEns');
const { setOffchainParent, setRecords } = require('../contracts/deployNames');
const { startGateway } = require('../contracts/gateway');

/** The first test accounts of anvil's default mnemonic and the names they get. */
const DEV_NAMES = [
  ['alice.test', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  ['bob.test', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
  ['carol.test', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'],
];
/** alice.test's avatar (ENSIP-12): drawn by the local image source. */
const DEV_AVATAR = 'https://example.org/alice.png';
/** The fourth test account's primary name lives off chain: the local gateway answers for *.off.test. */
const DEV_OFFCHAIN = ['dave.off.test', '0x90F79bf6EB2c4f870365E785982E1f101E93b906'];

/**
 * @param {string} rpcUrl
 * @returns {Promise<{ gateway?: import('../contracts/gateway').Gateway }>} the running local gateway, when names are set up
 */
async function setupDevChain(rpcUrl) {
  let gateway;
  try {
    const { registry, universalResolver } = await deployEns(rpcUrl);
    for (const [name, address] of DEV_NAMES) await registerName(rpcUrl, name, address);
    // alice.test moves to the record resolver, which also holds text records.
    await setRecords(rpcUrl, 'alice.test', { addresses: { 60: DEV_NAMES[0][1] }, texts: { avatar: DEV_AVATAR } });
    const [offName, offAddress] = DEV_OFFCHAIN;
    gateway = await startGateway({ records: { [offName]: { addresses: { 60: offAddress }, texts: { avatar: DEV_AVATAR } } } });
    await setOffchainParent(rpcUrl, 'off.test', [gateway.template]);
    await setReverseName(rpcUrl, offAddress, offName);
    console.log(`Names: ENS registry ${registry}, Universal Resolver ${universalResolver}; ${[...DEV_NAMES, DEV_OFFCHAIN].map(([n, a]) => `${n} = ${a}`).join(', ')}`);
    console.log(`Names: ${offName} is answered off chain by the local gateway ${gateway.url} (also the avatar image source).`);
  } catch (error) {
    // The app still works without names; say why they are missing instead of stopping `npm start`.
    await gateway?.stop();
    gateway = undefined;
    console.warn(`Names are not available on the development chain: ${error.message}`);
  }
  console.log(`Development chain ready on ${rpcUrl} (chain id 31337, 10 funded test accounts).`);
  return gateway ? { gateway } : {};
}

/** The build settings that let the development app ask the local gateway and show its images. */
function gatewayEnv(gateway) {
  return gateway ? { WALLETDECK_NAME_GATEWAYS: gateway.url, WALLETDECK_AVATAR_SOURCE: gateway.imageSource } : {};
}

module.exports = { setupDevChain, gatewayEnv, DEV_NAMES, DEV_OFFCHAIN };
