// Puts the test smart accounts of TestAccounts.sol on a local chain (anvil), for tests only: an
// ERC-1271 account owned by a key, its CREATE2 factory (so an account can sign before it exists,
// ERC-6492), and accounts that misbehave when asked about a signature.
const { AbiCoder, Interface, concat, getAddress } = require('ethers');
const artifact = require('./TestAccounts.json');
const { call, hasCode, receipt } = require('./chainRpc');

/**
 * Deploys: an address of its own, funded and impersonated on anvil, so no suite's test account (the
 * browser suites share one chain and count their balances and nonces exactly) is touched.
 */
const DEPLOYER = '0x000000000000000000000000000000000000de91';
const ERC6492_SUFFIX = `0x${'6492'.repeat(16)}`;

const coder = AbiCoder.defaultAbiCoder();
const factoryAbi = new Interface(artifact.OwnedAccountFactory.abi);

const ready = new Set();
async function deployer(url) {
  if (!ready.has(url)) {
    await call(url, 'anvil_setBalance', [DEPLOYER, '0x3635c9adc5dea00000']);
    await call(url, 'anvil_impersonateAccount', [DEPLOYER]);
    ready.add(url);
  }
  return DEPLOYER;
}

/** Deploys one of TestAccounts.sol's contracts (constructor arguments as [types, values]); returns its address. */
async function deploy(url, name, args = [[], []]) {
  const data = concat([artifact[name].bytecode, coder.encode(args[0], args[1])]);
  const hash = await call(url, 'eth_sendTransaction', [{ from: await deployer(url), data }]);
  return getAddress((await receipt(url, hash)).contractAddress);
}

/** A deployed ERC-1271 account whose owner's key signs hashes for it. */
const deployOwnedAccount = (url, owner) => deploy(url, 'OwnedAccount', [['address'], [owner]]);
const deployFactory = (url) => deploy(url, 'OwnedAccountFactory');

/** The address the factory will give an account of `owner` and `salt` (not made yet). */
async function counterfactualAccount(url, factory, owner, salt) {
  const data = factoryAbi.encodeFunctionData('addressOf', [owner, salt]);
  const [address] = factoryAbi.decodeFunctionResult('addressOf', await call(url, 'eth_call', [{ to: factory, data }, 'latest']));
  return getAddress(address);
}

/** The calldata that makes that account. */
const createCalldata = (owner, salt) => factoryAbi.encodeFunctionData('create', [owner, salt]);

/** ERC-6492: abi.encode(factory, factoryCalldata, signature) followed by the magic suffix. */
function wrap6492(factory, factoryCalldata, signature) {
  return concat([coder.encode(['address', 'bytes', 'bytes'], [factory, factoryCalldata, signature]), ERC6492_SUFFIX]);
}


module.exports = { DEPLOYER, ERC6492_SUFFIX, deploy, deployOwnedAccount, deployFactory, counterfactualAccount, createCalldata, wrap6492, hasCode };
