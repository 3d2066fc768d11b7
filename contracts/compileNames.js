// Compiles Names.sol (the Universal-Resolver-compatible contract, the record resolver, ENSIP-19
// reverse registrars, the offchain resolver and a hostile test contract) with the npm `solc` package,
// as compile.js does for ENS.sol. `node contracts/compileNames.js` rewrites Names.json; the dev
// chain's addresses are CREATE2 addresses derived from that file, so it is kept in the repo and a
// test checks that it is what the installed solc makes of the source.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const SOURCE = path.join(__dirname, 'Names.sol');
const ARTIFACT = path.join(__dirname, 'Names.json');
const CONTRACTS = ['UniversalResolver', 'RecordResolver', 'ReverseRegistrar', 'OffchainResolver', 'EndlessLookup'];

function compileNames() {
  const solc = require('solc');
  const input = {
    language: 'Solidity',
    sources: { 'Names.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Paris: no PUSH0 or MCOPY, so the contracts run on any local chain's fork.
      evmVersion: 'paris',
      viaIR: true,
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const out = { compiler: solc.version() };
  for (const name of CONTRACTS) {
    const c = output.contracts['Names.sol'][name];
    out[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  return out;
}

if (require.main === module) {
  writeFileSync(ARTIFACT, `${JSON.stringify(compileNames(), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), ARTIFACT)}`);
}

module.exports = { compileNames, ARTIFACT };
