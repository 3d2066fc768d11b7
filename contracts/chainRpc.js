// The few JSON-RPC calls the contract helpers make of a local chain (anvil): one plain request, a
// transaction's receipt once it is mined, whether an address holds code.
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

/** The receipt of a successful transaction; `what` names it when it reverted. */
async function receipt(url, hash, what = `transaction ${hash}`) {
  // anvil mines at once by default; with --block-time the receipt shows up a little later.
  for (let i = 0; i < 600; i++) {
    const found = await call(url, 'eth_getTransactionReceipt', [hash]);
    if (found) {
      if (found.status !== '0x1') throw new Error(`${what} reverted`);
      return found;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`transaction ${hash} was not mined`);
}

async function hasCode(url, address) {
  const code = await call(url, 'eth_getCode', [address, 'latest']);
  return typeof code === 'string' && code !== '0x';
}

module.exports = { call, receipt, hasCode };
