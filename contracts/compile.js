// Compiles ENS.sol with the npm `solc` package (wasm, no download). `node contracts/compile.js`
// rewrites ENS.json; the app's dev-chain registry address is derived from that file's bytecode, so
// the compiled output is kept in the repo and only changes when this script is run on purpose.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const SOURCE = path.join(__dirname, 'ENS.sol');
const ARTIFACT = path.join(__dirname, 'ENS.json');

function compileEns() {
  const solc = require('solc');
  const input = {
    language: 'Solidity',
    sources: { 'ENS.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // No metadata hash: the bytecode (and so the CREATE2 address) ignores comments and paths.
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = (name) => {
    const c = output.contracts['ENS.sol'][name];
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  };
  return { compiler: solc.version(), registry: contract('ENSRegistry'), resolver: contract('NameResolver') };
}

if (require.main === module) {
  writeFileSync(ARTIFACT, `${JSON.stringify(compileEns(), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), ARTIFACT)}`);
}

module.exports = { compileEns, ARTIFACT };
