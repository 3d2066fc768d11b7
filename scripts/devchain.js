// Prepares the embedded development chain after it starts: the minimal ENS contracts at their
// fixed address and names for the first test accounts, so a new user sees names with no setup.
const { deployEns, registerName } = require('../contracts/deployEns');

/** The first test accounts of anvil's default mnemonic and the names they get. */
const DEV_NAMES = [
  ['alice.test', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  ['bob.test', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
  ['carol.test', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'],
];

async function setupDevChain(rpcUrl) {
  try {
    const { registry } = await deployEns(rpcUrl);
    for (const [name, address] of DEV_NAMES) await registerName(rpcUrl, name, address);
    console.log(`Names: ENS registry ${registry}; ${DEV_NAMES.map(([n, a]) => `${n} = ${a}`).join(', ')}`);
  } catch (error) {
    // The app still works without names; say why they are missing instead of stopping `npm start`.
    console.warn(`Names are not available on the development chain: ${error.message}`);
  }
  console.log(`Development chain ready on ${rpcUrl} (chain id 31337, 10 funded test accounts).`);
}

module.exports = { setupDevChain, DEV_NAMES };
