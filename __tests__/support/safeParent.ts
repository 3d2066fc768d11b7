// A Safe{Wallet} of our own for browser tests: a page on another origin (its own port) that embeds the
// app's production build in an iframe and answers the Safe Apps SDK's postMessage protocol as
// Safe{Wallet} does (requests { id, method, params, env: { sdkVersion } }, answers { id, success,
// data | error, version }, only to its own iframe). Written from the SDK's documented protocol (its
// Methods: getSafeInfo, sendTransactions, getTxBySafeTxHash, signMessage, signTypedMessage,
// getOffChainSignature, getChainInfo, getEnvironmentInfo). The test plays the owners: it reads what
// was proposed from `window.safeParent`, executes or signs on anvil, and tells the page.
import http from 'node:http';
import type { Page } from 'playwright-core';

/** How the parent behaves: as Safe{Wallet}, as another page that refuses the SDK, or one that never answers. */
export type ParentMode = 'safe' | 'notSafe' | 'silent';

/** How the parent answers signMessage / signTypedMessage: the owners sign later off chain, or a Safe transaction records the message. */
export type SigningMode = 'offChain' | 'onChain';

export interface ParentOptions {
  mode: ParentMode;
  /** getSafeInfo's `data`, as given (the garbage tests give garbage). */
  info?: unknown;
  signing?: SigningMode;
  /** The Safe's chain, for getChainInfo. */
  chainId?: number;
  /** A method the parent never answers (the rest as Safe{Wallet}). */
  hangOn?: string;
}

export interface SafeParent {
  url(options: ParentOptions): string;
  close(): Promise<void>;
}

/** What the parent page keeps, read by the test through `window.safeParent`. */
export interface ParentState {
  requests: { method: string; params: unknown; sdkVersion: unknown }[];
  proposals: { safeTxHash: string; txs: { to: string; value: string; data: string }[]; status: string; txHash: string | null; confirmations: number }[];
  messages: { kind: 'message' | 'typed'; content: unknown; messageHash?: string; safeTxHash?: string }[];
}

// The parent's script, as the browser runs it (plain JS, no build).
const PARENT_JS = String.raw`
'use strict';
const params = new URLSearchParams(location.search);
const mode = params.get('mode');
const info = JSON.parse(params.get('info') || 'null');
const signing = params.get('signing') || 'offChain';
const chainId = Number(params.get('chainId') || '31337');
const hangOn = params.get('hangOn');
const frame = document.querySelector('iframe');
const VERSION = '1.28.0';
const randomHash = () => '0x' + Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
const state = {
  requests: [],
  proposals: [],
  messages: [],
  offChainSignatures: {},
  threshold: info && typeof info.threshold === 'number' ? info.threshold : 1,
  /** The owners confirmed (count) a proposal. */
  confirm(safeTxHash, confirmations) {
    const p = state.proposals.find((x) => x.safeTxHash === safeTxHash);
    p.confirmations = confirmations;
    p.status = confirmations >= state.threshold ? 'AWAITING_EXECUTION' : 'AWAITING_CONFIRMATIONS';
  },
  /** A proposal was executed on the chain as txHash. */
  execute(safeTxHash, txHash, success) {
    const p = state.proposals.find((x) => x.safeTxHash === safeTxHash);
    p.status = success ? 'SUCCESS' : 'FAILED';
    p.txHash = txHash;
    p.confirmations = state.threshold;
  },
  /** The owners' signature of an off-chain message is complete. */
  signed(messageHash, signature) {
    state.offChainSignatures[messageHash] = signature;
  },
};
window.safeParent = state;

function answer(id, data) {
  frame.contentWindow.postMessage({ id, success: true, version: VERSION, data }, '*');
}
function refuse(id, error) {
  frame.contentWindow.postMessage({ id, success: false, version: VERSION, error }, '*');
}

function propose(txs) {
  const safeTxHash = randomHash();
  state.proposals.push({ safeTxHash, txs, status: 'AWAITING_CONFIRMATIONS', txHash: null, confirmations: 0 });
  return safeTxHash;
}

function signRequest(kind, content) {
  if (signing === 'onChain') {
    const safeTxHash = propose([{ to: info.safeAddress, value: '0', data: '0x', signs: kind }]);
    state.messages.push({ kind, content, safeTxHash });
    return { safeTxHash };
  }
  const messageHash = randomHash();
  state.messages.push({ kind, content, messageHash });
  return { messageHash };
}

window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow) return;
  const msg = event.data;
  if (!msg || typeof msg !== 'object' || typeof msg.id !== 'string' || typeof msg.method !== 'string') return;
  state.requests.push({ method: msg.method, params: msg.params, sdkVersion: msg.env && msg.env.sdkVersion });
  if (mode === 'silent' || msg.method === hangOn) return;
  if (mode === 'notSafe') return refuse(msg.id, 'Unknown method ' + msg.method + ': this page is not Safe{Wallet}');
  switch (msg.method) {
    case 'getSafeInfo':
      return answer(msg.id, info);
    case 'getChainInfo':
      return answer(msg.id, { chainId: String(chainId), chainName: 'Anvil', shortName: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, blockExplorerUriTemplate: {} });
    case 'getEnvironmentInfo':
      return answer(msg.id, { origin: location.origin });
    case 'sendTransactions':
      return answer(msg.id, { safeTxHash: propose(msg.params.txs) });
    case 'getTxBySafeTxHash': {
      const p = state.proposals.find((x) => x.safeTxHash === msg.params.safeTxHash);
      if (!p) return refuse(msg.id, 'No transaction ' + msg.params.safeTxHash);
      return answer(msg.id, {
        safeAddress: info.safeAddress,
        txId: 'multisig_' + info.safeAddress + '_' + p.safeTxHash,
        txStatus: p.status,
        txHash: p.txHash,
        detailedExecutionInfo: { type: 'MULTISIG', safeTxHash: p.safeTxHash, confirmationsRequired: state.threshold, confirmationsSubmitted: p.confirmations },
      });
    }
    case 'signMessage':
      return answer(msg.id, signRequest('message', msg.params.message));
    case 'signTypedMessage':
      return answer(msg.id, signRequest('typed', msg.params.typedData));
    case 'getOffChainSignature':
      return answer(msg.id, state.offChainSignatures[msg.params] || '');
    default:
      return refuse(msg.id, 'Method not supported in this test parent: ' + msg.method);
  }
});
`;

function parentHtml(appUrl: string): string {
  // The frame as Safe{Wallet} makes it: the app's own origin, full width, no sandbox beyond Safe's own allowances.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Safe{Wallet} (test)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head>
<body><iframe title="Walletdeck" src="${appUrl}/" allow="clipboard-write"></iframe><script src="/parent.js"></script></body></html>`;
}

/** Serves the parent page on 127.0.0.1 (a port of its own: another origin than the app's). */
export async function serveSafeParent(appUrl: string): Promise<SafeParent> {
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/parent.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(PARENT_JS);
    } else if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(parentHtml(appUrl.replace(/\/$/, '')));
    } else {
      res.writeHead(404).end();
    }
  });
  const origin = await new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
  return {
    url(options: ParentOptions): string {
      const query = new URLSearchParams({ mode: options.mode, signing: options.signing ?? 'offChain', chainId: String(options.chainId ?? 31337) });
      if (options.info !== undefined) query.set('info', JSON.stringify(options.info));
      if (options.hangOn !== undefined) query.set('hangOn', options.hangOn);
      return `${origin}/?${query.toString()}`;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** What the parent page holds now (requests seen, proposals, messages). */
export function parentState(page: Page): Promise<ParentState> {
  return page.evaluate(() => {
    const s = (window as unknown as { safeParent: ParentState }).safeParent;
    return JSON.parse(JSON.stringify({ requests: s.requests, proposals: s.proposals, messages: s.messages })) as ParentState;
  });
}

/** Waits until the parent has received `count` requests of `method`. */
export async function waitForRequests(page: Page, method: string, count = 1): Promise<void> {
  await page.waitForFunction(
    ({ method, count }) => (window as unknown as { safeParent: ParentState }).safeParent.requests.filter((r) => r.method === method).length >= count,
    { method, count },
    { polling: 50 },
  );
}

/** Waits for the `index`th proposal (a transaction the app proposed to the Safe). */
export async function waitForProposal(page: Page, index = 0): Promise<ParentState['proposals'][number]> {
  await page.waitForFunction((i) => (window as unknown as { safeParent: ParentState }).safeParent.proposals.length > i, index, { polling: 50 });
  return (await parentState(page)).proposals[index]!;
}

/** Waits for the `index`th message the app asked the Safe to sign. */
export async function waitForMessage(page: Page, index = 0): Promise<ParentState['messages'][number]> {
  await page.waitForFunction((i) => (window as unknown as { safeParent: ParentState }).safeParent.messages.length > i, index, { polling: 50 });
  return (await parentState(page)).messages[index]!;
}

/** Tells the parent the owners did something: confirmed, executed, or signed off chain. */
export async function parentDoes(page: Page, action: { confirm: string; confirmations: number } | { execute: string; txHash: string; success: boolean } | { signed: string; signature: string }): Promise<void> {
  await page.evaluate((a) => {
    const s = (window as unknown as { safeParent: Record<string, (...args: unknown[]) => void> }).safeParent;
    if ('confirm' in a) s['confirm']!(a.confirm, a.confirmations);
    else if ('execute' in a) s['execute']!(a.execute, a.txHash, a.success);
    else s['signed']!(a.signed, a.signature);
  }, action);
}
