// Puts the test smart accounts of TestAccounts.sol on a local chain (anvil), for tests only: an
// ERC-1271 account owned by a key, its CREATE2 factory (so an account can sign before it exists,
// ERC-6492), and accounts that misbehave when asked about a signature.
const { AbiCoder, Interface, concat, getAddress } = require('ethers');
const artifact = require('./TestAccounts.json');

/**
 * Deploys: an address of its own, funded and impersonated on anvil, so no suite's test account (the
 * browser suites share one chain and count their balances and nonces exactly) is touched.
 */
const DEPLOYER = '0x000000000000000000000000000000000000de91';
const ERC6492_SUFFIX = `0x${'6492'.repeat(16)}`;

const coder = AbiCoder.defaultAbiCoder();
const factoryAbi = new Interface(artifact.OwnedAccountFactory.abi);

let nextId = 1;
async function call(url, method, params = []) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  const body = await res.json();
  if (body.error) throw Object.assign(new Error(`${method}: ${body.error.message}`), { code: body.error.code });
  return body.result;
}

async function receipt(url, hash) {
  for (let i = 0; i < 600; i++) {
    const found = await call(url, 'eth_getTransactionReceipt', [hash]);
    if (found) {
      if (found.status !== '0x1') throw new Error(`transaction ${hash} reverted`);
      return found;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`transaction ${hash} was not mined`);
}

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

const hasCode = async (url, address) => (await call(url, 'eth_getCode', [address, 'latest'])) !== '0x';

module.exports = { DEPLOYER, ERC6492_SUFFIX, deploy, deployOwnedAccount, deployFactory, counterfactualAccount, createCalldata, wrap6492, hasCode };
