// Puts the names contracts of Names.sol on a local chain beside the minimal ENS registry
// (ensRegistry.js): the Universal-Resolver-compatible contract, the record resolver, ENSIP-19 reverse
// registrars and the offchain resolver whose gateway is contracts/gateway.js. Every address is a
// CREATE2 address through anvil's deterministic deployer, so the app knows the Universal Resolver's
// at build time (DEV_ENS_UNIVERSAL_RESOLVER in src/lib/chains.ts).
const { AbiCoder, Interface, SigningKey, computeAddress, concat, getCreate2Address, id, keccak256, namehash } = require('ethers');
const { CREATE2_DEPLOYER, ENS_ADMIN, REGISTRY_ADDRESS, SALT, claim, deployOnce, deployRegistry, send, setReverseName } = require('./ensRegistry');
const artifact = require('./Names.json');

const coder = AbiCoder.defaultAbiCoder();
const abi = Object.fromEntries(['UniversalResolver', 'RecordResolver', 'ReverseRegistrar', 'OffchainResolver', 'EndlessLookup'].map((n) => [n, new Interface(artifact[n].abi)]));

/** Coin types (ENSIP-9/11): Ethereum's, and the default EVM one of ENSIP-19. */
const ETH_COIN_TYPE = 60;
const DEFAULT_COIN_TYPE = 0x80000000;
/** ENSIP-11: the coin type of an EVM chain. */
const evmCoinType = (chainId) => (0x80000000 | chainId) >>> 0;

/**
 * The key the local gateway signs its answers with and the offchain resolver trusts. It guards only
 * local test names: it is derived from a public phrase on purpose.
 */
const GATEWAY_KEY = id('walletdeck.gateway.dev');
const GATEWAY_SIGNER = computeAddress(new SigningKey(GATEWAY_KEY).publicKey);

function plan(name, types, args) {
  const initCode = concat([artifact[name].bytecode, coder.encode(types, args)]);
  return { initCode, address: getCreate2Address(CREATE2_DEPLOYER, SALT, keccak256(initCode)) };
}

const UNIVERSAL = plan('UniversalResolver', ['address'], [REGISTRY_ADDRESS]);
const RECORDS = plan('RecordResolver', ['address'], [REGISTRY_ADDRESS]);
const OFFCHAIN = plan('OffchainResolver', ['address', 'address'], [ENS_ADMIN, GATEWAY_SIGNER]);
const reverseRegistrar = (coinType) => plan('ReverseRegistrar', ['address', 'uint256'], [ENS_ADMIN, coinType]);

/** The names contracts over a deployed registry (deployEns.js calls this). */
async function deployNameContracts(url) {
  for (const c of [UNIVERSAL, RECORDS, OFFCHAIN]) await deployOnce(url, c.address, c.initCode);
  return { universalResolver: UNIVERSAL.address, recordResolver: RECORDS.address, offchainResolver: OFFCHAIN.address };
}

/** Deploys what is missing: the ENS registry and, over it, the names contracts. */
async function deployNames(url) {
  await deployRegistry(url);
  return deployNameContracts(url);
}

/**
 * Forward records of `name` in the record resolver: `addresses` by coin type (ENSIP-9/11; an
 * address string), `texts` by key (ENSIP-5; `avatar` is ENSIP-12's).
 */
async function setRecords(url, name, { addresses = {}, texts = {} } = {}) {
  const node = await claim(url, name, RECORDS.address);
  if (node !== namehash(name)) throw new Error(`unexpected node for ${name}`);
  for (const [coinType, address] of Object.entries(addresses)) {
    await send(url, RECORDS.address, abi.RecordResolver.encodeFunctionData('setAddr', [node, BigInt(coinType), address]));
  }
  for (const [key, value] of Object.entries(texts)) {
    await send(url, RECORDS.address, abi.RecordResolver.encodeFunctionData('setText', [node, key, value]));
  }
}

/** The ENSIP-19 reverse namespace of a coin type: `addr`, `default`, or the coin type in hex. */
function reverseNamespace(coinType) {
  if (coinType === ETH_COIN_TYPE) return 'addr';
  if (coinType === DEFAULT_COIN_TYPE) return 'default';
  return coinType.toString(16);
}

/**
 * `address`'s primary name for `coinType`: for Ethereum's, the record resolver's reverse record
 * (ENSIP-3); for any other, the ENSIP-19 reverse registrar of that coin type (deployed and made the
 * resolver of `[coinTypeAsHex].reverse` on first use). The forward record is the caller's business.
 */
async function setPrimaryName(url, address, name, coinType = ETH_COIN_TYPE) {
  if (coinType === ETH_COIN_TYPE) return setReverseName(url, address, name);
  const registrar = reverseRegistrar(coinType);
  await deployOnce(url, registrar.address, registrar.initCode);
  await claim(url, `${reverseNamespace(coinType)}.reverse`, registrar.address);
  await send(url, registrar.address, abi.ReverseRegistrar.encodeFunctionData('setNameFor', [address, name]));
}

/** Every name below `parent` is answered by the offchain resolver, through `gatewayUrls` (EIP-3668 templates). */
async function setOffchainParent(url, parent, gatewayUrls) {
  await claim(url, parent, OFFCHAIN.address);
  await send(url, OFFCHAIN.address, abi.OffchainResolver.encodeFunctionData('setUrls', [gatewayUrls]));
}

/** Tests only: a contract that answers every lookup with an endless chain of OffchainLookups. */
async function deployEndlessLookup(url, gatewayUrls, claimedSender = '0x0000000000000000000000000000000000000000') {
  const c = plan('EndlessLookup', ['address', 'string[]'], [claimedSender, gatewayUrls]);
  await deployOnce(url, c.address, c.initCode);
  return c.address;
}

module.exports = {
  deployNames,
  deployNameContracts,
  setRecords,
  setPrimaryName,
  setOffchainParent,
  deployEndlessLookup,
  evmCoinType,
  reverseNamespace,
  ETH_COIN_TYPE,
  DEFAULT_COIN_TYPE,
  GATEWAY_KEY,
  GATEWAY_SIGNER,
  UNIVERSAL_RESOLVER_ADDRESS: UNIVERSAL.address,
  RECORD_RESOLVER_ADDRESS: RECORDS.address,
  OFFCHAIN_RESOLVER_ADDRESS: OFFCHAIN.address,
};
