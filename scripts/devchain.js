// Prepares the embedded development chain after it starts. Names (ENS) are deployed here by the
// read-only chain data work; until then the chain is used as anvil starts it.
async function setupDevChain(rpcUrl) {
  console.log(`Development chain ready on ${rpcUrl} (chain id 31337, 10 funded test accounts).`);
}

module.exports = { setupDevChain };
