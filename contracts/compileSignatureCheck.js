// Compiles SignatureCheck.sol (the page's signature check, docs/behaviour.md §7.8) and TestAccounts.sol
// (smart accounts for tests) with the npm `solc` package, as compile.js does for ENS.
// `node contracts/compileSignatureCheck.js` rewrites SignatureCheck.json and TestAccounts.json; the
// compiled output is kept in the repo so the browser bundle needs no compiler, and a test checks
// that it is what the installed solc makes of the sources.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const CHECK_ARTIFACT = path.join(__dirname, 'SignatureCheck.json');
const TEST_ARTIFACT = path.join(__dirname, 'TestAccounts.json');
const TEST_CONTRACTS = ['OwnedAccount', 'OwnedAccountFactory', 'RevertingAccount', 'WrongValueAccount', 'GarbageAccount', 'GasBurningAccount', 'RevertingFactory'];

function compile(file) {
  const solc = require('solc');
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: readFileSync(path.join(__dirname, file), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Paris: no PUSH0 or MCOPY, so the check runs on every chain of the table, old forks included.
      evmVersion: 'paris',
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return { version: solc.version(), contracts: output.contracts[file] };
}

/** The validator: only its creation code (the page sends it, it is never deployed). */
function compileSignatureCheck() {
  const { version, contracts } = compile('SignatureCheck.sol');
  return { compiler: version, bytecode: `0x${contracts.SignatureCheck.evm.bytecode.object}` };
}

function compileTestAccounts() {
  const { version, contracts } = compile('TestAccounts.sol');
  const out = { compiler: version };
  for (const name of TEST_CONTRACTS) out[name] = { abi: contracts[name].abi, bytecode: `0x${contracts[name].evm.bytecode.object}` };
  return out;
}

if (require.main === module) {
  writeFileSync(CHECK_ARTIFACT, `${JSON.stringify(compileSignatureCheck(), null, 2)}\n`);
  writeFileSync(TEST_ARTIFACT, `${JSON.stringify(compileTestAccounts(), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), CHECK_ARTIFACT)}, ${path.relative(process.cwd(), TEST_ARTIFACT)}`);
}

module.exports = { compile, compileSignatureCheck, compileTestAccounts, CHECK_ARTIFACT, TEST_ARTIFACT };
