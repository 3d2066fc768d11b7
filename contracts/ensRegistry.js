// The minimal ENS contracts on a local chain (anvil): the registry and a resolver, and the names they
// hold, so the app's name lookups work offline (deployEns.js puts them there with the names
// contracts). CREATE2 through anvil's built-in deterministic deployer makes the registry address a
// function of the compiled bytecode only: the same on every fresh or reused chain, so the app can
// know it at build time (DEV_ENS_REGISTRY in src/lib/chains.ts).
const { AbiCoder, Interface, concat, getCreate2Address, id, keccak256, namehash, ZeroHash } = require('ethers');
const { call, hasCode, receipt } = require('./chainRpc');
const artifact = require('./ENS.json');

/** Present on anvil (and most dev chains) at this address unless disabled. */
const CREATE2_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
const SALT = id('walletdeck.ens.v1');
/** anvil's tenth test account: owns the root so tests using the first accounts keep exact balances. */
const ENS_ADMIN = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

const registryAbi = new Interface(artifact.registry.abi);
const resolverAbi = new Interface(artifact.resolver.abi);
const coder = AbiCoder.defaultAbiCoder();

const registryInitCode = concat([artifact.registry.bytecode, coder.encode(['address'], [ENS_ADMIN])]);
const REGISTRY_ADDRESS = getCreate2Address(CREATE2_DEPLOYER, SALT, keccak256(registryInitCode));
const resolverInitCode = concat([artifact.resolver.bytecode, coder.encode(['address'], [REGISTRY_ADDRESS])]);
const RESOLVER_ADDRESS = getCreate2Address(CREATE2_DEPLOYER, SALT, keccak256(resolverInitCode));

async function send(url, to, data) {
  const hash = await call(url, 'eth_sendTransaction', [{ from: ENS_ADMIN, to, data }]);
  return receipt(url, hash, `transaction ${hash} to ${to}`);
}

async function deployOnce(url, address, initCode) {
  if (await hasCode(url, address)) return;
  if (!(await hasCode(url, CREATE2_DEPLOYER))) throw new Error(`no CREATE2 deployer at ${CREATE2_DEPLOYER} on ${url}`);
  try {
    await send(url, CREATE2_DEPLOYER, concat([SALT, initCode]));
  } catch (error) {
    // Browser suites run in parallel on the shared chain: another one may have deployed it meanwhile.
    if (!(await hasCode(url, address))) throw error;
  }
  if (!(await hasCode(url, address))) throw new Error(`ENS contract did not appear at ${address}`);
}

/** Deploys the registry and its resolver where they are missing. */
async function deployRegistry(url) {
  await deployOnce(url, REGISTRY_ADDRESS, registryInitCode);
  await deployOnce(url, RESOLVER_ADDRESS, resolverInitCode);
}

/** Makes the admin own `name` (and every parent) and points it at `resolver` (default: ours). */
async function claim(url, name, resolver = RESOLVER_ADDRESS) {
  const labels = name.split('.').reverse();
  let node = ZeroHash;
  for (const label of labels) {
    await send(url, REGISTRY_ADDRESS, registryAbi.encodeFunctionData('setSubnodeOwner', [node, id(label), ENS_ADMIN]));
    node = keccak256(concat([node, id(label)]));
  }
  await send(url, REGISTRY_ADDRESS, registryAbi.encodeFunctionData('setResolver', [node, resolver]));
  return node;
}

/** Forward record: `name` resolves to `address`. */
async function setAddress(url, name, address) {
  const node = await claim(url, name);
  if (node !== namehash(name)) throw new Error(`unexpected node for ${name}`);
  await send(url, RESOLVER_ADDRESS, resolverAbi.encodeFunctionData('setAddr', [node, address]));
}

/** Reverse record: `address` claims the name `name` (a lookup still checks the forward record). */
async function setReverseName(url, address, name) {
  const node = await claim(url, `${address.slice(2).toLowerCase()}.addr.reverse`);
  await send(url, RESOLVER_ADDRESS, resolverAbi.encodeFunctionData('setName', [node, name]));
}

/** Forward and reverse records, as a user who set a primary name has them. */
async function registerName(url, name, address) {
  await setAddress(url, name, address);
  await setReverseName(url, address, name);
}

module.exports = {
  deployRegistry,
  deployOnce,
  claim,
  send,
  SALT,
  registerName,
  setAddress,
  setReverseName,
  ENS_ADMIN,
  REGISTRY_ADDRESS,
  RESOLVER_ADDRESS,
  CREATE2_DEPLOYER,
};
