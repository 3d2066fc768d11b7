// scripts/start.js is plain Node: it reads the chain settings through the same TypeScript as the build
// (src/lib/chainConfig.ts), compiled on the fly by ts-node with swc (~0.4 s once per start).
require('ts-node').register({ swc: true });
const { readChainSettings } = require('./chainSettings.ts');

/**
 * The chain file's mistakes, one line each (empty when the build's chains are fine).
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
function checkChainSettings(env) {
  return readChainSettings(env, { development: true }).problems;
}

module.exports = { checkChainSettings };
