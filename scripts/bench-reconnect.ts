// `npm run bench:reconnect`: a returning user's reload, measured in headless Chromium against the
// physical limit. Builds the app, serves it, and reloads it (fake extension wallet with the
// accounts granted, anvil behind an RPC proxy in its own process, optional latency per wallet
// request and per RPC request), interleaved with a bare baseline page: no framework, `eth_accounts` and `eth_chainId`
// to the wallet, then one batched `eth_getBalance` + `eth_blockNumber` by fetch, written into the
// DOM. Prints every figure with its ratio to the baseline, the load average, and checks the targets.
//
// Environment: BENCH_RELOADS (default 30), BENCH_IDLE_S (default 30), WALLET_LATENCY_MS and
// RPC_LATENCY_MS (default 0). `runReconnectBench` is also run by a browser test in a short mode.
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startAnvil, type Anvil } from '../__tests__/support/anvil';
import { launchBrowser } from '../__tests__/support/browser';
import { installFakeWallet } from '../__tests__/support/fakeWallet';
import { freePort } from '../__tests__/support/ports';
import { serveStatic } from '../__tests__/support/staticServer';

// anvil account 9: funded, no name, used by no test suite.
const ACCOUNT_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

export interface BenchOptions {
  reloads: number;
  idleMs: number;
  walletLatencyMs?: number;
  rpcLatencyMs?: number;
  /** A built app and the node its development chain points at (else: anvil, proxy and a fresh build). */
  prebuilt?: { distDir: string; rpcUrl: string };
  log?: (line: string) => void;
}

/** One page load: ms from navigation start, and requests made until the data was on screen. */
export interface Load {
  connectedMs: number;
  accountMs: number;
  shownMs: number;
  rpcUntilShown: number;
  walletUntilShown: number;
}

export interface BenchResult {
  app: Load[];
  baseline: Load[];
  /** Over the idle window, scaled to 10 s, with the page visible. */
  idleRpcPer10s: number;
  idleWalletPer10s: number;
  idleMs: number;
  loadAverage: number[];
}

/** The physical limit: what a page must do at the least to show the same things. */
function baselineHtml(rpcUrl: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>baseline</title></head><body>
<div data-testid="card-injected"><p data-testid="status">Reconnecting</p><ul id="accounts"></ul></div><p id="block"></p>
<script>
const eth = window.ethereum;
Promise.all([eth.request({ method: 'eth_accounts' }), eth.request({ method: 'eth_chainId' })]).then(([accounts]) => {
  if (!accounts.length) return;
  document.querySelector('[data-testid=status]').textContent = 'Connected';
  const li = document.createElement('li');
  li.innerHTML = '<span data-testid="account"></span> <span data-testid="balance"></span>';
  li.firstChild.textContent = accounts[0];
  document.getElementById('accounts').append(li);
  const body = JSON.stringify([
    { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [accounts[0], 'latest'] },
    { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
  ]);
  return fetch(${JSON.stringify(rpcUrl)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    .then((r) => r.json())
    .then((answers) => {
      const by = Object.fromEntries(answers.map((a) => [a.id, a.result]));
      li.lastChild.textContent = (Number(BigInt(by[1]) / 10n ** 14n) / 1e4) + ' ETH';
      document.getElementById('block').innerHTML = 'latest block <strong data-testid="block-number">' + Number(BigInt(by[2])) + '</strong>';
    });
});
</script></body></html>`;
}

/** Runs in every page first: counts RPC fetches and wallet requests, and stamps each milestone. */
function instrument(rpcUrl: string): void {
  type Bench = { rpc: number; wallet: number; marks: Record<string, { t: number; rpc: number; wallet: number }> };
  const bench: Bench = { rpc: 0, wallet: 0, marks: {} };
  (window as unknown as { __bench: Bench }).__bench = bench;
  const realFetch = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(rpcUrl)) bench.rpc++;
    return realFetch.call(this, input, init);
  };
  const provider = (window as unknown as { ethereum?: { request(a: unknown): Promise<unknown> } }).ethereum;
  if (provider) {
    const request = provider.request.bind(provider);
    provider.request = (args: unknown) => {
      bench.wallet++;
      return request(args);
    };
  }
  const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? '';
  const mark = (name: string, reached: boolean) => {
    if (reached && !bench.marks[name]) bench.marks[name] = { t: performance.now(), rpc: bench.rpc, wallet: bench.wallet };
  };
  const check = () => {
    mark('connected', text('[data-testid=card-injected] [data-testid=status]') === 'Connected');
    mark('account', text('[data-testid=card-injected] [data-testid=account]') !== '');
    mark('shown', /\d/.test(text('[data-testid=card-injected] [data-testid=balance]')) && /\d/.test(text('[data-testid=block-number]')));
    if (bench.marks['shown'] && !reported) {
      reported = true;
      (window as unknown as { __benchShown(marks: Bench['marks']): void }).__benchShown(bench.marks);
    }
  };
  let reported = false;
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}

type Marks = Record<string, { t: number; rpc: number; wallet: number }>;

/**
 * The page reports its marks itself (a binding call) once the data is shown: polling it from here
 * (waitForFunction) would put Playwright's own script and polls on the page's main thread, in the
 * very window being measured, and on the app's critical path more than on the baseline's.
 */
async function measureLoad(page: Page, url: string, shown: ShownReports): Promise<Load> {
  const reported = shown.next(url);
  await page.goto(url, { waitUntil: 'commit' });
  const marks = await reported;
  // Let the page's later work (deferred chunks, name lookups) finish before the next navigation.
  await page.waitForTimeout(150);
  const get = (name: string) => {
    const m = marks[name];
    if (!m) throw new Error(`${url}: ${name} was never reached`);
    return m;
  };
  return {
    connectedMs: get('connected').t,
    accountMs: get('account').t,
    shownMs: get('shown').t,
    rpcUntilShown: get('shown').rpc,
    walletUntilShown: get('shown').wallet,
  };
}

/** Hands each page's report to the load that waits for it, with a time limit. */
class ShownReports {
  private waiting: { url: string; resolve(marks: Marks): void } | undefined;

  report(marks: Marks): void {
    this.waiting?.resolve(marks);
    this.waiting = undefined;
  }

  next(url: string): Promise<Marks> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${url}: balance and block were not shown within 20 s`)), 20_000);
      this.waiting = {
        url,
        resolve: (marks) => {
          clearTimeout(timer);
          resolve(marks);
        },
      };
    });
  }
}

/** The RPC endpoint: a proxy in front of anvil in its own process (scripts/rpcProxy.js). */
async function startProxy(to: string, latencyMs: number): Promise<{ url: string; close(): void }> {
  const child = fork(path.join(__dirname, 'rpcProxy.js'), [to, String(latencyMs)], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the RPC proxy exited (${code}) before listening`)));
  });
  return { url, close: () => void child.kill() };
}

export async function runReconnectBench(options: BenchOptions): Promise<BenchResult> {
  const log = options.log ?? (() => undefined);
  const cleanup: Array<() => Promise<void> | void> = [];
  try {
    let distDir: string;
    let rpcUrl: string;
    if (options.prebuilt) {
      ({ distDir, rpcUrl } = options.prebuilt);
    } else {
      const anvil: Anvil = await startAnvil({ chainId: 31337 });
      cleanup.push(() => anvil.stop());
      const proxy = await startProxy(anvil.url, options.rpcLatencyMs ?? 0);
      cleanup.push(() => proxy.close());
      rpcUrl = proxy.url;
      const work = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-bench-'));
      cleanup.push(() => rmSync(work, { recursive: true, force: true }));
      distDir = path.join(work, 'dist');
      log('building the app…');
      const root = path.resolve(__dirname, '..');
      execFileSync(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, WALLETDECK_OUT_DIR: distDir, WALLETDECK_DEV_CHAIN_URL: rpcUrl },
      });
    }
    const app = await serveStatic(distDir);
    cleanup.push(() => app.close());
    const baselinePort = await freePort();
    const baseline = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(baselineHtml(rpcUrl)));
    await new Promise<void>((resolve) => baseline.listen(baselinePort, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => (baseline.closeAllConnections(), baseline.close(() => resolve()))));
    const baselineUrl = `http://127.0.0.1:${baselinePort}`;

    const browser = await launchBrowser();
    cleanup.push(() => browser.close());
    const wallet = await installFakeWallet(browser.context, {
      privateKeys: [ACCOUNT_KEY],
      rpcUrls: { 31337: rpcUrl },
      connectedOrigins: [app.url, baselineUrl],
    });
    const walletLatency = options.walletLatencyMs ?? 0;
    if (walletLatency > 0) {
      const answer = wallet.answer.bind(wallet);
      wallet.answer = async (...args) => {
        await new Promise((r) => setTimeout(r, walletLatency));
        return answer(...args);
      };
    }
    const shown = new ShownReports();
    await browser.context.exposeBinding('__benchShown', (_source, marks: Marks) => shown.report(marks));
    await browser.context.addInitScript(instrument, rpcUrl);
    const page = await browser.context.newPage();

    // Warm-up (not counted): the first load of each, as a returning user has had.
    await measureLoad(page, app.url, shown);
    await measureLoad(page, baselineUrl, shown);
    const result: BenchResult = { app: [], baseline: [], idleRpcPer10s: NaN, idleWalletPer10s: NaN, idleMs: options.idleMs, loadAverage: [] };
    for (let i = 0; i < options.reloads; i++) {
      // Interleaved, so machine load weighs on both alike; the order alternates.
      const pair = i % 2 === 0 ? ([['app', app.url], ['baseline', baselineUrl]] as const) : ([['baseline', baselineUrl], ['app', app.url]] as const);
      for (const [which, url] of pair) result[which].push(await measureLoad(page, url, shown));
      log(`reload ${i + 1}/${options.reloads}`);
    }
    // Idle: the app open and visible, nothing happening on the chain.
    await measureLoad(page, app.url, shown);
    const count = () => page.evaluate(() => (window as unknown as { __bench: { rpc: number; wallet: number } }).__bench);
    const before = await count();
    await page.waitForTimeout(options.idleMs);
    const after = await count();
    result.idleRpcPer10s = ((after.rpc - before.rpc) * 10_000) / options.idleMs;
    result.idleWalletPer10s = ((after.wallet - before.wallet) * 10_000) / options.idleMs;
    result.loadAverage = os.loadavg();
    return result;
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

export interface Verdict {
  text: string;
  ok: boolean;
}

export function report(result: BenchResult): { table: Record<string, string | number>[]; verdicts: Verdict[] } {
  const rows: Array<[string, keyof Load, boolean]> = [
    ['navigation -> "Connected" (ms)', 'connectedMs', true],
    ['navigation -> account shown (ms)', 'accountMs', true],
    ['navigation -> balance and block shown (ms)', 'shownMs', true],
    ['RPC HTTP requests until shown', 'rpcUntilShown', false],
    ['wallet requests until shown', 'walletUntilShown', false],
  ];
  const table = rows.map(([label, key, timing]) => {
    const ours = result.app.map((l) => l[key]);
    const base = result.baseline.map((l) => l[key]);
    const row: Record<string, string | number> = {
      figure: label,
      'Walletdeck median': Math.round(median(ours)),
      'Walletdeck max': Math.round(Math.max(...ours)),
      'baseline median': Math.round(median(base)),
    };
    if (timing) row['ratio (median)'] = `${(median(ours) / median(base)).toFixed(2)}x`;
    return row;
  });
  table.push({ figure: 'idle, RPC requests per 10 s', 'Walletdeck median': result.idleRpcPer10s, 'Walletdeck max': result.idleRpcPer10s, 'baseline median': 0 });
  table.push({ figure: 'idle, wallet requests per 10 s', 'Walletdeck median': result.idleWalletPer10s, 'Walletdeck max': result.idleWalletPer10s, 'baseline median': 0 });
  const ratio = (key: keyof Load) => median(result.app.map((l) => l[key])) / median(result.baseline.map((l) => l[key]));
  const maxOf = (key: keyof Load) => Math.max(...result.app.map((l) => l[key]));
  const verdicts: Verdict[] = [
    { text: `navigation -> Connected is ${ratio('connectedMs').toFixed(2)}x the baseline (target <= 1.5x)`, ok: ratio('connectedMs') <= 1.5 },
    { text: `navigation -> balance and block is ${ratio('shownMs').toFixed(2)}x the baseline (target <= 1.5x)`, ok: ratio('shownMs') <= 1.5 },
    { text: `at most ${maxOf('rpcUntilShown')} RPC HTTP requests until shown, on every reload (target <= 2)`, ok: maxOf('rpcUntilShown') <= 2 },
    { text: `at most ${maxOf('walletUntilShown')} wallet requests until shown, on every reload (target <= 2)`, ok: maxOf('walletUntilShown') <= 2 },
    { text: `${result.idleRpcPer10s.toFixed(2)} RPC requests per 10 s idle (target <= 1)`, ok: result.idleRpcPer10s <= 1 },
  ];
  return { table, verdicts };
}

async function main() {
  const options: BenchOptions = {
    reloads: Number(process.env.BENCH_RELOADS ?? 30),
    idleMs: Number(process.env.BENCH_IDLE_S ?? 30) * 1000,
    walletLatencyMs: Number(process.env.WALLET_LATENCY_MS ?? 0),
    rpcLatencyMs: Number(process.env.RPC_LATENCY_MS ?? 0),
    log: (line) => process.stderr.write(`${line}\n`),
  };
  const result = await runReconnectBench(options);
  const { table, verdicts } = report(result);
  console.log(
    `\nReload of a connected user: ${options.reloads} reloads, interleaved with the baseline page; wallet latency ${options.walletLatencyMs} ms, RPC latency ${options.rpcLatencyMs} ms; idle ${options.idleMs / 1000} s`,
  );
  console.table(table);
  console.log(`load average: ${result.loadAverage.map((l) => l.toFixed(2)).join(', ')} (${os.cpus().length} cores)\n`);
  for (const v of verdicts) console.log(`${v.ok ? 'PASS' : 'FAIL'}  ${v.text}`);
  process.exitCode = verdicts.every((v) => v.ok) ? 0 : 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
