// Puts the minimal ENS contracts (./ensRegistry.js) and the names contracts over them (./deployNames.js)
// on a local chain (anvil), and registers names, so the app's name lookups work offline. Every address
// is a CREATE2 address: the same on every fresh or reused chain, so the app knows them at build time.
const registry = require('./ensRegistry');
const { deployNameContracts } = require('./deployNames');

/**
 * Deploys registry and resolver where they are missing, and the names contracts over them (the
 * Universal-Resolver-compatible contract the app asks, deployNames.js). Returns their addresses.
 */
async function deployEns(url) {
  await registry.deployRegistry(url);
  const { universalResolver } = await deployNameContracts(url);
  return { registry: registry.REGISTRY_ADDRESS, resolver: registry.RESOLVER_ADDRESS, universalResolver };
}

module.exports = { ...registry, deployEns };
