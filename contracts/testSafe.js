// TestSafe.sol, a Safe-like multisig for tests only: `node contracts/testSafe.js` compiles it with the
// npm `solc` package (as compileSignatureCheck.js does) and rewrites TestSafe.json, kept in the repo;
// the helpers deploy one on a local chain (anvil) and make what its owners sign.
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const { AbiCoder, Interface, SigningKey, computeAddress, concat, getAddress } = require('ethers');
const { call, receipt } = require('./chainRpc');
const { DEPLOYER } = require('./testAccounts');
const { compile } = require('./compileSignatureCheck');

const ARTIFACT = path.join(__dirname, 'TestSafe.json');

/** TestSafe.sol compiled with the same settings as the signature check's contracts (compileSignatureCheck.js). */
function compileTestSafe() {
  const { version, contracts } = compile('TestSafe.sol');
  const contract = contracts.TestSafe;
  return { compiler: version, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

const coder = AbiCoder.defaultAbiCoder();

/**
 * Deploys a TestSafe of `owners` (addresses) and `threshold`, funded with `fundWei`, from the shared
 * impersonated deployer (testAccounts.js); returns its checksummed address.
 */
async function deployTestSafe(url, owners, threshold, fundWei = 0n) {
  const artifact = require('./TestSafe.json');
  await call(url, 'anvil_setBalance', [DEPLOYER, '0x3635c9adc5dea00000']);
  await call(url, 'anvil_impersonateAccount', [DEPLOYER]);
  const data = concat([artifact.bytecode, coder.encode(['address[]', 'uint256'], [owners, threshold])]);
  const hash = await call(url, 'eth_sendTransaction', [{ from: DEPLOYER, data, value: `0x${fundWei.toString(16)}` }]);
  return getAddress((await receipt(url, hash)).contractAddress);
}

function safeInterface() {
  return new Interface(require('./TestSafe.json').abi);
}

async function read(url, safe, name, args = []) {
  const abi = safeInterface();
  const answer = await call(url, 'eth_call', [{ to: safe, data: abi.encodeFunctionData(name, args) }, 'latest']);
  return abi.decodeFunctionResult(name, answer);
}

/** The owners' signatures of `hash` (private keys, hex), sorted by owner address as the Safe wants them. */
function ownersSign(keys, hash) {
  const signed = keys.map((key) => {
    const signer = new SigningKey(key);
    return { owner: BigInt(computeAddress(signer.publicKey)), signature: signer.sign(hash).serialized };
  });
  signed.sort((a, b) => (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : 0));
  return concat(signed.map((s) => s.signature));
}

/** Executes `{ to, value, data }` from the Safe with the owners' keys, sent by `from` (an unlocked anvil account); returns the chain hash. */
async function execTransaction(url, safe, keys, tx, from) {
  const [nonce] = await read(url, safe, 'nonce');
  const [txHash] = await read(url, safe, 'getTransactionHash', [tx.to, tx.value, tx.data, nonce]);
  const data = safeInterface().encodeFunctionData('execTransaction', [tx.to, tx.value, tx.data, ownersSign(keys, txHash)]);
  return call(url, 'eth_sendTransaction', [{ from, to: safe, data }]);
}

/** The owners' off-chain signature of a message whose EIP-191 / EIP-712 hash is `hash`. */
async function signMessageOffChain(url, safe, keys, hash) {
  const [messageHash] = await read(url, safe, 'getMessageHash', [hash]);
  return ownersSign(keys, messageHash);
}

/** The calldata of the Safe transaction that signs `hash` on chain. */
function signMessageCalldata(hash) {
  return safeInterface().encodeFunctionData('signMessage', [hash]);
}

if (require.main === module) {
  writeFileSync(ARTIFACT, `${JSON.stringify(compileTestSafe(), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), ARTIFACT)}`);
}

module.exports = { compileTestSafe, deployTestSafe, execTransaction, signMessageOffChain, signMessageCalldata, ownersSign, ARTIFACT };
