// The read layer is a chunk of its own (store/readLayer.ts), asked for at start (sagas/readLayer.ts):
// a returning user's wallet may answer before it arrives, and then its block and balance leave in
// one request the moment it does; a chunk that cannot load leaves the store saying why, the wallet
// connected, and the next request for it (a Retry, the page shown again, a saga about to read) tries
// again. (docs/behaviour.md §6.11)
import { buildChainTable } from '../../src/lib/chainDefaults';
import { createRpcRuntime } from '../../src/lib/rpc';
import * as readLayer from '../../store/readLayer';
import { readLayerActions } from '../../store/readLayerSlice';
import { selectConnectionStatus } from '../../store/selectors';
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { FakeNode } from '../support/fakeNode';
import { startWalletApp } from '../support/walletHarness';
import { until } from '../support/wait';
import { memoryWebStorage } from '../support/webStorage';
import { TRANSACTIONS_KEY } from '../../src/lib/sentTransactions';
import type { TransactionsSagaContext } from '../../sagas/transactionsContext';

type ReadLayerCode = typeof readLayer;

/** A chunk the test lets arrive (or fail) when it says. */
function heldChunk() {
  const calls: Array<{ resolve(code: ReadLayerCode): void; reject(error: Error): void }> = [];
  const load = () => new Promise<ReadLayerCode>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

/** webpack's own error for a chunk that did not arrive. */
function chunkLoadError(): Error {
  const error = new Error('Loading chunk 411 failed.\n(error: http://127.0.0.1/js/reads.0123456789.js)');
  error.name = 'ChunkLoadError';
  return error;
}

function setup(load: () => Promise<ReadLayerCode>, transactions?: TransactionsSagaContext) {
  const chains = buildChainTable({}, 'http://127.0.0.1:8545');
  const node = new FakeNode(chains);
  const batches: string[][] = [];
  const fetch = (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { method: string } | Array<{ method: string }>;
    batches.push((Array.isArray(body) ? body : [body]).map((call) => call.method));
    return node.fetch(url, init);
  };
  // The wallet of the last visit: it answers the silent reconnect at once.
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: 31337, knownChains: [31337] });
  const app = startWalletApp({ chains, connectors: { injected: injectedWith(wallet) }, rpc: createRpcRuntime(chains, { fetch, timeoutMs: 500 }), readLayer: load, ...(transactions ? { transactions, signingTimeouts: { pollMs: 20 } } : {}) });
  return { app, batches, node };
}

const balanceOf = (app: ReturnType<typeof startWalletApp>) => Object.entries(app.store.getState().rpc?.queries ?? {}).find(([key]) => key.startsWith('getBalance('))?.[1];

it('is asked for at start; a wallet that answers first has its block and balance read in one request the moment it arrives', async () => {
  const chunk = heldChunk();
  const { app, batches } = setup(chunk.load);
  try {
    expect(chunk.calls).toHaveLength(1);
    expect(app.store.getState().readLayer.status).toBe('loading');
    await app.waitFor((s) => selectConnectionStatus(s, 'injected') === 'Connected');
    expect(batches).toEqual([]);
    chunk.calls[0]?.resolve(readLayer);
    // In the task it arrives in: attached, and the reads in view sent.
    await Promise.resolve();
    await app.waitFor((s) => s.readLayer.status === 'ready');
    expect(batches).toHaveLength(1);
    await app.waitFor(() => balanceOf(app)?.status === 'fulfilled');
    expect(batches[0]?.sort()).toEqual(['eth_blockNumber', 'eth_chainId', 'eth_getBalance']);
    expect(batches.filter((methods) => methods.includes('eth_getBalance') || methods.includes('eth_blockNumber'))).toHaveLength(1);
  } finally {
    app.stop();
  }
});

it('cannot load: the store says why, the wallet stays connected, and a retry attaches it and reads', async () => {
  const chunk = heldChunk();
  const { app, batches } = setup(chunk.load);
  try {
    chunk.calls[0]?.reject(chunkLoadError());
    const failed = await app.waitFor((s) => s.readLayer.status === 'failed');
    expect(failed.readLayer.error).toEqual({
      name: 'ChainDataCodeError',
      message: 'The code that reads chain data could not load: Loading chunk 411 failed.\n(error: http://127.0.0.1/js/reads.0123456789.js)',
    });
    await app.waitFor((s) => selectConnectionStatus(s, 'injected') === 'Connected');
    expect(batches).toEqual([]);
    // What the Retry on screen and the page shown again dispatch.
    app.store.dispatch(readLayerActions.requested());
    expect(chunk.calls).toHaveLength(2);
    // Trying again, the reason stays on screen until the layer is here.
    expect(app.store.getState().readLayer).toEqual({ status: 'loading', error: failed.readLayer.error });
    chunk.calls[1]?.resolve(readLayer);
    await app.waitFor(() => balanceOf(app)?.status === 'fulfilled');
    expect(app.store.getState().readLayer).toEqual({ status: 'ready' });
  } finally {
    app.stop();
  }
});

it('a request for it while it is on its way asks for nothing more', async () => {
  const chunk = heldChunk();
  const { app } = setup(chunk.load);
  try {
    app.store.dispatch(readLayerActions.requested());
    app.store.dispatch(readLayerActions.requested());
    expect(chunk.calls).toHaveLength(1);
  } finally {
    app.stop();
  }
});

it('stopped before it arrives: it is not attached, and nothing is read', async () => {
  const chunk = heldChunk();
  const { app, batches } = setup(chunk.load);
  app.stop();
  chunk.calls[0]?.resolve(readLayer);
  await Promise.resolve();
  await Promise.resolve();
  expect(app.store.getState().rpc).toBeUndefined();
  expect(batches).toEqual([]);
});

it('a saga about to read (the follower of a sent transaction) asks for it again, and reads once it is here', async () => {
  const chunk = heldChunk();
  const sent = `0x${'ab'.repeat(32)}`;
  // A transaction kept from an earlier visit, still pending: its follower loads at start.
  const kept = { v: 1, transactions: [{ hash: sent, chainId: 31337, account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', valueWei: '1', status: 'pending', sentAt: 1 }] };
  const { app, node } = setup(chunk.load, { storage: memoryWebStorage({ [TRANSACTIONS_KEY]: JSON.stringify(kept) }), now: () => 2 });
  try {
    chunk.calls[0]?.reject(chunkLoadError());
    await app.waitFor((s) => s.readLayer.status === 'failed');
    await app.waitFor((s) => s.transactions.restored && s.transactions.list.length === 1);
    // Its next receipt read asks for the read layer again (it waits in the meantime).
    const asked = () => (chunk.calls.length === 2 ? chunk.calls[1] : undefined);
    const again = await until(asked, { what: 'the read layer asked for again' });
    node.mined(sent, 7);
    again.resolve(readLayer);
    const settled = await app.waitFor((s) => s.transactions.list[0]?.status === 'confirmed');
    expect(settled.transactions.list[0]?.blockNumber).toBe(7);
  } finally {
    app.stop();
  }
});
