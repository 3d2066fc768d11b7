// Compiles DevSmartAccount.sol (the development Coinbase popup's smart account and its factory) with
// the npm `solc` package and the same settings as the signature-check contracts (compile() of
// compileSignatureCheck.js). `node contracts/compileDevSmartAccount.js` rewrites DevSmartAccount.json;
// the output is kept in the repo (the popup page and `npm start` need no compiler), and a test checks
// that it is what the installed solc makes of the source.
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const { compile } = require('./compileSignatureCheck');

const ARTIFACT = path.join(__dirname, 'DevSmartAccount.json');

function compileDevSmartAccount() {
  const { version, contracts } = compile('DevSmartAccount.sol');
  const out = { compiler: version };
  for (const name of ['DevSmartAccount', 'DevSmartAccountFactory']) out[name] = { abi: contracts[name].abi, bytecode: `0x${contracts[name].evm.bytecode.object}` };
  return out;
}

if (require.main === module) {
  writeFileSync(ARTIFACT, `${JSON.stringify(compileDevSmartAccount(), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), ARTIFACT)}`);
}

module.exports = { compileDevSmartAccount, ARTIFACT };
