// What already answers on the development chain's port, for scripts/start.js: the chain id of a node
// there, or nothing; and the one line a developer reads when that node is another chain.
const DEVELOPMENT_CHAIN_ID = 31337;

/**
 * The chain id a JSON-RPC node at `url` reports, undefined when nothing answers as a node within `ms`.
 * @param {string} url @param {number} ms @returns {Promise<number | undefined>}
 */
async function answeringChainId(url, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(Math.max(deadline - Date.now(), 1)),
      });
      if (res.ok) {
        const body = await res.json().catch(() => undefined);
        const id = typeof body?.result === 'string' && /^0x[0-9a-f]+$/i.test(body.result) ? parseInt(body.result, 16) : NaN;
        if (Number.isSafeInteger(id)) return id;
      }
    } catch {
      // not up yet, or not a node
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/** @param {string} url @param {number} chainId */
const foreignChainMessage = (url, chainId) =>
  `${url} answers as chain ${chainId}, not the development chain ${DEVELOPMENT_CHAIN_ID}: stop what runs there, or start the local chain on another port with WALLETDECK_DEV_CHAIN_PORT=<port> npm start.`;

module.exports = { answeringChainId, foreignChainMessage, DEVELOPMENT_CHAIN_ID };
