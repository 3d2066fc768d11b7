/** @jest-environment ./__tests__/support/jsdomWithFetch.js */
// The read layer's chunk (store/readLayer.ts) in the page as src/app/render.tsx mounts it: the header
// and "Connect wallet" never wait for it; until it is here the latest block says it is on its way;
// a chunk that cannot load shows the block as unavailable with the reason (docs/behaviour.md §5.4),
// and Retry, or the page shown again, loads it (§6.11).
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { defaultAllowedChainIds } from '../../src/lib/chainConfig';
import { createRpcRuntime } from '../../src/lib/rpc';
import { createWalletApp, type WalletApp } from '../../src/walletApp';
import * as readLayer from '../../store/readLayer';
import { FakeNode } from '../support/fakeNode';
import { renderApp } from '../support/renderApp';
import { createMemoryStorage } from '../support/webStorage';

type ReadLayerCode = typeof readLayer;

const chains = buildChainTable({}, 'http://127.0.0.1:8545');
let app: WalletApp | undefined;

afterEach(() => {
  cleanup();
  app?.stop();
  app = undefined;
});

function chunkLoadError(): Error {
  const error = new Error('Loading chunk 411 failed.\n(error: http://127.0.0.1/js/reads.0123456789.js)');
  error.name = 'ChunkLoadError';
  return error;
}

/** A first visit (no wallet of an earlier visit), its read layer arriving when the test says. */
function firstVisit() {
  const calls: Array<{ resolve(code: ReadLayerCode): void; reject(error: Error): void }> = [];
  const node = new FakeNode(chains);
  app = createWalletApp({
    config: { chains, allowedChainIds: defaultAllowedChainIds(chains), qrCloseIsError: true },
    storage: { storage: createMemoryStorage(), remembered: true },
    rpc: createRpcRuntime(chains, { fetch: node.fetch, timeoutMs: 500 }),
    readLayer: () => new Promise<ReadLayerCode>((resolve, reject) => calls.push({ resolve, reject })),
  });
  renderApp(app.store, chains, { laterPartsMaxWaitMs: 3_600_000 });
  return { calls };
}

const blockLine = () => document.querySelector<HTMLElement>('.block-number');

it('the header and "Connect wallet" do not wait for it; the latest block says it is on its way', () => {
  const { calls } = firstVisit();
  expect(calls).toHaveLength(1);
  expect(screen.getByTestId('connect-button').textContent).toBe('Connect wallet');
  expect(blockLine()?.textContent).toContain('Local development chain: latest block');
  expect(within(blockLine()!).getByText('…').getAttribute('aria-busy')).toBe('true');
});

it('cannot load: the block is unavailable with the reason, connect is offered, and Retry loads it', async () => {
  const { calls } = firstVisit();
  await act(async () => calls[0]?.reject(chunkLoadError()));
  const unavailable = await screen.findByTestId('block-number-unavailable');
  expect(unavailable.textContent).toContain('unavailable');
  expect(within(unavailable).getByText('unavailable').getAttribute('title')).toBe(
    'The code that reads chain data could not load: Loading chunk 411 failed. (error: http://127.0.0.1/js/reads.0123456789.js)',
  );
  expect(screen.getByTestId('connect-button').textContent).toBe('Connect wallet');
  fireEvent.click(within(unavailable).getByRole('button', { name: 'Retry' }));
  expect(calls).toHaveLength(2);
  // Asked again: the reason stays until the code is here, the button says it is trying.
  expect(within(screen.getByTestId('block-number-unavailable')).getByRole('button').textContent).toBe('Retrying…');
  await act(async () => calls[1]?.resolve(readLayer));
  expect((await screen.findByTestId('block-number')).textContent).toBe('16');
});

it('cannot load: the page shown again asks for it again', async () => {
  const { calls } = firstVisit();
  await act(async () => calls[0]?.reject(chunkLoadError()));
  await screen.findByTestId('block-number-unavailable');
  const shown = (state: 'hidden' | 'visible') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
  };
  try {
    shown('hidden');
    expect(calls).toHaveLength(1);
    shown('visible');
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]?.resolve(readLayer));
    expect((await screen.findByTestId('block-number')).textContent).toBe('16');
  } finally {
    delete (document as { visibilityState?: unknown }).visibilityState;
  }
});
