// `npm run bench:reconnect`: a returning user's reload, and a user's click on a wallet in the open
// wallet list, measured in headless Chromium against the physical limit. Builds the app, serves it,
// and reloads it (fake extension wallet with the accounts granted, anvil behind an RPC proxy in its
// own process, optional latency per wallet request and per RPC request), interleaved with a bare
// baseline page: no framework, `eth_accounts` and `eth_chainId` to the wallet (on a click of its
// Connect button, `eth_requestAccounts` and `eth_chainId`), then one batched `eth_getBalance` +
// `eth_blockNumber` by fetch, written into the DOM. Prints every figure with its ratio to the
// baseline (a diagnostic), the load average, and checks its goals: request counts, idle traffic, and
// the work between the wallet's last answer and "Connected".
//
// Environment: BENCH_RELOADS (default 30), BENCH_IDLE_S (default 30), WALLET_LATENCY_MS and
// RPC_LATENCY_MS (default 0), BENCH_TRACE (a file for a Chromium trace of the measured rounds),
// BENCH_KEEP (keeps the build, and so its source maps, for reading a trace afterwards).
// `npm run bench:reconnect` also writes its table to docs/bench-reconnect.md, with the date, the
// machine, the load average when it started and at its end, and every round.
// `runReconnectBench` is also run by a browser test in a short mode.
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { startAnvil, type Anvil } from '../__tests__/support/anvil';
import { disconnect, openWalletList } from '../__tests__/support/appDriver';
import { launchBrowser, type Browser } from '../__tests__/support/browser';
import { installFakeWallet } from '../__tests__/support/fakeWallet';
import { freePort } from '../__tests__/support/ports';
import { serveStatic } from '../__tests__/support/staticServer';
import { buildResolver, findWindows, summarize, summaryMarkdown, type TraceEvent } from './benchTrace';
import { median } from './median';

// anvil account 9: funded, no name, used by no test suite.
const ACCOUNT_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

export interface BenchOptions {
  reloads: number;
  idleMs: number;
  walletLatencyMs?: number;
  rpcLatencyMs?: number;
  /** Writes a Chromium trace (chrome://tracing / DevTools format) of the measured clicks to this file. */
  traceFile?: string;
  /** A built app and the node its development chain points at (else: anvil, proxy and a fresh build). */
  prebuilt?: { distDir: string; rpcUrl: string };
  /** Where the pages run (else: a Chromium of the bench's own); the browser suite passes a context of the run's one Chromium. */
  openBrowser?: () => Promise<Browser>;
  log?: (line: string) => void;
}

/** One page load: ms from navigation start, and requests made until the data was on screen. */
export interface Load {
  connectedMs: number;
  /** Until the frame showing "Connected" was painted. */
  connectedPaintedMs: number;
  accountMs: number;
  shownMs: number;
  rpcUntilShown: number;
  walletUntilShown: number;
}

/** One click on the wallet (the wallet list open, the dialog's chunk loaded): ms from the click's input event. */
export interface Click {
  connectedMs: number;
  /** Until the frame showing "Connected" was painted. */
  connectedPaintedMs: number;
  shownMs: number;
  /** From the click until the wallet was asked, and from its last answer until "Connected": the page's own time. */
  untilWalletAskedMs: number;
  answerToConnectedMs: number;
  /** Wallet requests from the click until "Connected". */
  walletUntilConnected: number;
  /** Scripts (chunks) requested from the click until "Connected": nothing a click loads may sit in between. */
  scriptsUntilConnected: number;
}

export interface BenchResult {
  app: Load[];
  baseline: Load[];
  appClicks: Click[];
  baselineClicks: Click[];
  /** Over the idle window, scaled to 10 s, with the page visible. */
  idleRpcPer10s: number;
  idleWalletPer10s: number;
  idleMs: number;
  /** os.loadavg() when the bench started (before its build) and at its end (after the idle window). */
  loadAverageBefore: number[];
  loadAverage: number[];
}

/**
 * The physical limit: what a page must do at the least to show the same things, in the app's test ids
 * (the header's control, the account button with account and balance, the block number).
 */
function baselineHtml(rpcUrl: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>baseline</title></head><body>
<header><button data-testid="connect-button" data-wallet-control data-status="Reconnecting">Reconnecting…</button></header><p id="block"></p>
<script>
const eth = window.ethereum;
function show([accounts]) {
  if (!accounts.length) return false;
  const button = document.createElement('button');
  button.dataset.testid = 'account-button';
  button.dataset.walletControl = '';
  button.dataset.status = 'Connected';
  button.innerHTML = '<span data-testid="balance"></span> <span data-testid="account"></span>';
  button.lastChild.textContent = accounts[0];
  button.lastChild.dataset.address = accounts[0];
  document.querySelector('[data-wallet-control]').replaceWith(button);
  const body = JSON.stringify([
    { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [accounts[0], 'latest'] },
    { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
  ]);
  fetch(${JSON.stringify(rpcUrl)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    .then((r) => r.json())
    .then((answers) => {
      const by = Object.fromEntries(answers.map((a) => [a.id, a.result]));
      button.firstChild.textContent = (Number(BigInt(by[1]) / 10n ** 14n) / 1e4) + ' ETH';
      document.getElementById('block').innerHTML = 'latest block <strong data-testid="block-number">' + Number(BigInt(by[2])) + '</strong>';
    });
  return true;
}
Promise.all([eth.request({ method: 'eth_accounts' }), eth.request({ method: 'eth_chainId' })]).then((answers) => {
  if (show(answers)) return;
  const control = document.querySelector('[data-wallet-control]');
  control.dataset.status = 'Disconnected';
  control.textContent = 'Connect';
  control.addEventListener('click', () => {
    Promise.all([eth.request({ method: 'eth_requestAccounts' }), eth.request({ method: 'eth_chainId' })]).then(show);
  });
});
</script></body></html>`;
}

/**
 * Runs in every page first: counts RPC fetches and wallet requests, and stamps each milestone; a
 * click (a trusted input event) starts a new measure. Reports its marks through a binding once the
 * balance and the block are shown.
 */
function instrument(rpcUrl: string): void {
  type Mark = { t: number; rpc: number; wallet: number; scripts: number };
  type Bench = { rpc: number; wallet: number; marks: Record<string, Mark> };
  const bench: Bench = { rpc: 0, wallet: 0, marks: {} };
  let lastAnswer: Mark | undefined;
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
      mark('walletAsked', true);
      const answer = request(args);
      // The last answer before "Connected": from there on, the time is the page's own.
      const answered = () => {
        if (bench.marks['connected']) return;
        lastAnswer = { t: performance.now(), rpc: bench.rpc, wallet: bench.wallet, scripts: 0 };
        // In a trace, every answer is a mark; the last before "Connected" starts the page's own time.
        performance.mark('bench:walletAnswered');
      };
      answer.then(answered, answered);
      return answer;
    };
  }
  // Scripts requested so far (chunks loaded on demand).
  const scripts = () => performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script').length;
  const element = (selector: string) => document.querySelector<HTMLElement>(selector);
  const text = (selector: string) => element(selector)?.textContent?.trim() ?? '';
  const mark = (name: string, reached: boolean, t = performance.now()) => {
    if (!reached || bench.marks[name]) return;
    bench.marks[name] = { t, rpc: bench.rpc, wallet: bench.wallet, scripts: scripts() };
    // In a trace, each milestone is a user-timing mark.
    performance.mark(`bench:${name}`);
  };
  let reported = false;
  // A message posted from a frame's animation callback runs once that frame is painted.
  const afterNextPaint = (then: () => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        then();
        check();
      };
      channel.port2.postMessage(null);
    });
  const check = () => {
    const waitingForClick = 'armed' in bench.marks && !('click' in bench.marks);
    if (reported || waitingForClick) return;
    const connected = element('[data-testid=account-button][data-status=Connected]') !== null;
    if (connected && !bench.marks['connected']) {
      afterNextPaint(() => mark('connectedPainted', true));
      if (lastAnswer) bench.marks['walletAnswered'] = lastAnswer;
    }
    mark('connected', connected);
    mark('account', (element('[data-testid=account-button] [data-testid=account]')?.dataset['address'] ?? '') !== '');
    mark('shown', /\d/.test(text('[data-testid=account-button] [data-testid=balance]')) && /\d/.test(text('[data-testid=block-number]')));
    if (bench.marks['shown'] && bench.marks['connectedPainted']) {
      reported = true;
      (window as unknown as { __benchShown(marks: Bench['marks']): void }).__benchShown(bench.marks);
    }
  };
  // The bench arms the page before a measured click: what the page shows before it does not count.
  (window as unknown as { __benchArm(): void }).__benchArm = () => {
    reported = false;
    bench.marks = { armed: { t: performance.now(), rpc: bench.rpc, wallet: bench.wallet, scripts: scripts() } };
    lastAnswer = undefined;
  };
  window.addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || !('armed' in bench.marks) || 'click' in bench.marks) return;
      // The input event's own time: a main thread busy when it arrived counts against the page.
      mark('click', true, event.timeStamp);
      queueMicrotask(check);
    },
    true,
  );
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}

type Marks = Record<string, { t: number; rpc: number; wallet: number; scripts: number }>;

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
    connectedPaintedMs: get('connectedPainted').t,
    accountMs: get('account').t,
    shownMs: get('shown').t,
    rpcUntilShown: get('shown').rpc,
    walletUntilShown: get('shown').wallet,
  };
}

/**
 * One click on what `prepare` returns (the page is loaded and not connected): the pointer rests on it
 * first, as a user's does, then the page is armed and the button pressed with raw input events (no
 * Playwright script on the page inside the measured window). Measured from the click's input event.
 */
async function measureClick(page: Page, url: string, shown: ShownReports, prepare: () => Promise<Locator>): Promise<Click> {
  const target = await prepare();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${url}: nothing to click`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // Let what the page does on hover, and its later parts, settle before the click.
  await page.waitForTimeout(150);
  await page.evaluate(() => (window as unknown as { __benchArm(): void }).__benchArm());
  const reported = shown.next(url);
  await page.mouse.down();
  await page.mouse.up();
  const marks = await reported;
  await page.waitForTimeout(150);
  const get = (name: string) => {
    const m = marks[name];
    if (!m) throw new Error(`${url}: ${name} was never reached after the click`);
    return m;
  };
  const click = get('click');
  return {
    connectedMs: get('connected').t - click.t,
    connectedPaintedMs: get('connectedPainted').t - click.t,
    untilWalletAskedMs: get('walletAsked').t - click.t,
    answerToConnectedMs: get('connected').t - get('walletAnswered').t,
    shownMs: get('shown').t - click.t,
    walletUntilConnected: get('connected').wallet - click.wallet,
    scriptsUntilConnected: get('connected').scripts - click.scripts,
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

/** Starts a Chromium trace of the page's renderer (tasks, events, paints, JS samples); the returned function ends it. */
async function startTrace(page: Page): Promise<() => Promise<unknown[]>> {
  const cdp = await page.context().newCDPSession(page);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'toplevel'],
    },
  });
  return async () => {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    await cdp.detach();
    return events;
  };
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
  const loadAverageBefore = os.loadavg();
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
      if (!process.env.BENCH_KEEP) cleanup.push(() => rmSync(work, { recursive: true, force: true }));
      distDir = path.join(work, 'dist');
      if (process.env.BENCH_KEEP) log(`dist kept in ${distDir}`);
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

    const browser = await (options.openBrowser ?? launchBrowser)();
    cleanup.push(() => browser.close());
    const wallet = await installFakeWallet(browser.context, {
      privateKeys: [ACCOUNT_KEY],
      rpcUrls: { 31337: rpcUrl },
      connectedOrigins: [app.url, baselineUrl],
    });
    // As an extension does, the wallet answers a connect without waiting for the page to have run its
    // accountsChanged notification: the shared fake awaits that delivery (a round trip through the page
    // and back), which would charge the wallet's answer for whatever the page's main thread is doing.
    const authorize = wallet.core.authorize.bind(wallet.core);
    wallet.core.authorize = (origin: string) => {
      void authorize(origin);
      return Promise.resolve();
    };
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
    const baselineOrigin = new URL(baselineUrl).origin;

    // The click path starts from a page that is not connected, with its way to connect open.
    const clickApp = () =>
      measureClick(page, app.url, shown, async () => {
        // The user disconnects in the app (the wallet forgets the site) and comes back later.
        if (!page.url().startsWith(app.url)) await page.goto(app.url);
        await disconnect(page, 'injected');
        await page.goto(app.url);
        await page.locator('[data-testid=connect-button][data-status=Disconnected]').waitFor();
        // The wallet list open: the dialog's chunk is loaded.
        const dialog = await openWalletList(page);
        return dialog.getByTestId('wallet-list').getByTestId('card-injected').getByRole('button').first();
      });
    const clickBaseline = () =>
      measureClick(page, baselineUrl, shown, async () => {
        wallet.core.connected.delete(baselineOrigin);
        await page.goto(baselineUrl);
        const button = page.locator('[data-testid=connect-button][data-status=Disconnected]');
        await button.waitFor();
        return button;
      });

    // Warm-up (not counted): the first load and click of each, as a returning user has had.
    await measureLoad(page, app.url, shown);
    await measureLoad(page, baselineUrl, shown);
    await clickApp();
    await clickBaseline();
    const result: BenchResult = {
      app: [],
      baseline: [],
      appClicks: [],
      baselineClicks: [],
      idleRpcPer10s: NaN,
      idleWalletPer10s: NaN,
      idleMs: options.idleMs,
      loadAverageBefore,
      loadAverage: [],
    };
    const tracing = options.traceFile ? await startTrace(page) : undefined;
    for (let i = 0; i < options.reloads; i++) {
      // Interleaved, so machine load weighs on both alike; the order alternates.
      const appFirst = i % 2 === 0;
      const loads = [async () => result.app.push(await measureLoad(page, app.url, shown)), async () => result.baseline.push(await measureLoad(page, baselineUrl, shown))];
      const clicks = [async () => result.appClicks.push(await clickApp()), async () => result.baselineClicks.push(await clickBaseline())];
      for (const step of appFirst ? [...loads, ...clicks] : [...loads.reverse(), ...clicks.reverse()]) await step();
      log(`round ${i + 1}/${options.reloads}`);
    }
    if (tracing && options.traceFile) {
      const traceEvents = (await tracing()) as TraceEvent[];
      writeFileSync(options.traceFile, JSON.stringify({ traceEvents }));
      log(`trace written to ${options.traceFile}`);
      // While the build (and so its source maps) is still there.
      const resolve = buildResolver(distDir);
      const of = (url: string) => summarize(traceEvents, findWindows(traceEvents, new URL(url).origin), resolve);
      const summary = summaryMarkdown(of(app.url), 15, of(baselineUrl));
      const summaryFile = options.traceFile.replace(/(\.json)?$/, '.summary.md');
      writeFileSync(summaryFile, summary);
      log(`where the main thread's time went: ${summaryFile}`);
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

export interface Verdict {
  text: string;
  ok: boolean;
}

export function report(result: BenchResult): { table: Record<string, string | number>[]; verdicts: Verdict[] } {
  const rows: Array<[string, keyof Load, boolean]> = [
    ['navigation -> "Connected" (ms)', 'connectedMs', true],
    ['navigation -> "Connected" painted (ms)', 'connectedPaintedMs', true],
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
  const clickRows: Array<[string, keyof Click, boolean]> = [
    ['click -> "Connected" (ms)', 'connectedMs', true],
    ['click -> "Connected" painted (ms)', 'connectedPaintedMs', true],
    ['click -> balance and block shown (ms)', 'shownMs', true],
    ['  of which: click -> wallet asked (ms)', 'untilWalletAskedMs', true],
    ['  of which: wallet\'s last answer -> "Connected" (ms)', 'answerToConnectedMs', true],
    ['wallet requests click -> "Connected"', 'walletUntilConnected', false],
    ['scripts loaded click -> "Connected"', 'scriptsUntilConnected', false],
  ];
  for (const [label, key, timing] of clickRows) {
    const ours = result.appClicks.map((c) => c[key]);
    const base = result.baselineClicks.map((c) => c[key]);
    const row: Record<string, string | number> = {
      figure: label,
      'Walletdeck median': Math.round(median(ours)),
      'Walletdeck max': Math.round(Math.max(...ours)),
      'baseline median': Math.round(median(base)),
    };
    if (timing) row['ratio (median)'] = `${(median(ours) / median(base)).toFixed(2)}x`;
    table.push(row);
  }
  table.push({ figure: 'idle, RPC requests per 10 s', 'Walletdeck median': result.idleRpcPer10s, 'Walletdeck max': result.idleRpcPer10s, 'baseline median': 0 });
  table.push({ figure: 'idle, wallet requests per 10 s', 'Walletdeck median': result.idleWalletPer10s, 'Walletdeck max': result.idleWalletPer10s, 'baseline median': 0 });
  const maxOf = (key: keyof Load) => Math.max(...result.app.map((l) => l[key]));
  const maxScripts = Math.max(...result.appClicks.map((c) => c.scriptsUntilConnected));
  const answerToConnected = median(result.appClicks.map((c) => c.answerToConnectedMs));
  // Goals of counts and of the work after the wallet's answer. The ratios to the bare page are in the
  // table as a diagnostic only: the speed targets are against the peers users would pick instead
  // (../shared/peer-bench, README "Benchmarks"), never against our own bare page.
  const verdicts: Verdict[] = [
    { text: `at most ${maxOf('rpcUntilShown')} RPC HTTP requests until shown, on every reload (target <= 2)`, ok: maxOf('rpcUntilShown') <= 2 },
    { text: `at most ${maxOf('walletUntilShown')} wallet requests until shown, on every reload (target <= 2)`, ok: maxOf('walletUntilShown') <= 2 },
    { text: `${result.idleRpcPer10s.toFixed(2)} RPC requests per 10 s idle (target <= 1)`, ok: result.idleRpcPer10s <= 1 },
    { text: `the wallet's last answer -> Connected takes ${answerToConnected.toFixed(1)} ms (median; target <= 5 ms)`, ok: answerToConnected <= 5 },
    { text: `at most ${maxScripts} scripts loaded between a click and Connected (target 0)`, ok: maxScripts === 0 },
  ];
  return { table, verdicts };
}

/** The machine a bench ran on, as docs/bench-reconnect.md names it. */
export interface Machine {
  cores: number;
  cpuModel: string;
  node: string;
  /**
   * Milliseconds of a fixed JavaScript workload (SPEED_WORK_ITERATIONS additions, the median of 3) on
   * this machine when the bench ran: a host that is throttled or shared runs slower at the same load
   * average, and every absolute time in the table moves with it (the ratios do not).
   */
  workloadMs?: number;
}

const SPEED_WORK_ITERATIONS = 50_000_000;

/** One run of the fixed workload, in ms. */
function workloadOnce(): number {
  const start = performance.now();
  let sum = 0;
  for (let i = 0; i < SPEED_WORK_ITERATIONS; i++) sum = (sum + i) % 1_000_003;
  const ms = performance.now() - start;
  // The sum is used, so that the loop cannot be dropped.
  if (sum < 0) throw new Error('unreachable');
  return ms;
}

/** The machine's speed now: the median of three runs of the fixed workload. */
export function measureWorkload(): number {
  const runs = [workloadOnce(), workloadOnce(), workloadOnce()].sort((a, b) => a - b);
  return runs[1]!;
}

export function thisMachine(workloadMs?: number): Machine {
  const cpus = os.cpus();
  return { cores: cpus.length, cpuModel: cpus[0]?.model.trim() || 'unknown CPU', node: process.version, ...(workloadMs === undefined ? {} : { workloadMs }) };
}

const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
const cell = (value: string | number | undefined) => String(value ?? '').replace(/\|/g, '\\|');

/**
 * docs/bench-reconnect.md: what `report` prints, as Markdown, with when and where it was measured
 * and every round (the order alternates: in odd rounds the app goes first).
 */
export function benchMarkdown(result: BenchResult, options: BenchOptions, machine: Machine, date: Date): string {
  const { table, verdicts } = report(result);
  const columns = ['figure', 'Walletdeck median', 'Walletdeck max', 'baseline median', 'ratio (median)'];
  const ms = (x: number | undefined) => (x === undefined ? '' : String(Math.round(x)));
  const lines = [
    '# Reconnect benchmark',
    '',
    `Written by \`npm run bench:reconnect\` (scripts/bench-reconnect.ts); see "Benchmarks" in the README for what it measures.`,
    '',
    `- Date: ${date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: ${machine.cores} cores, ${machine.cpuModel}; Node ${machine.node}`,
    ...(machine.workloadMs === undefined
      ? []
      : [
          `- Machine speed: a fixed JavaScript loop (${SPEED_WORK_ITERATIONS.toLocaleString('en-US')} additions) took ${Math.round(machine.workloadMs)} ms when the bench started (lower is faster; absolute times scale with it, the ratios to the baseline do not)`,
        ]),
    `- Load average (1, 5, 15 min): ${loads(result.loadAverageBefore)} when the bench started (before its build), ${loads(result.loadAverage)} at its end`,
    `- Rounds: ${result.app.length}, each a reload of a connected user and a click on the wallet, for the app and for the baseline page, interleaved (the order alternates); wallet latency ${options.walletLatencyMs ?? 0} ms, RPC latency ${options.rpcLatencyMs ?? 0} ms; idle window ${options.idleMs / 1000} s`,
    '',
    '## Figures',
    '',
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...table.map((row) => `| ${columns.map((c) => cell(row[c])).join(' | ')} |`),
    '',
    'The ratios to the baseline page are a diagnostic, not a goal: the speed targets are against the peers (`../shared/peer-bench`, README "Benchmarks").',
    '',
    '## Targets',
    '',
    ...verdicts.map((v) => `- ${v.ok ? 'PASS' : 'FAIL'}: ${v.text}`),
    '',
    '## Rounds',
    '',
    'Milliseconds, Walletdeck / baseline.',
    '',
    '| round | first | navigation -> "Connected" | navigation -> balance and block | click -> "Connected" | click -> balance and block |',
    '|---|---|---|---|---|---|',
    ...result.app.map((load, i) => {
      const base = result.baseline[i];
      const click = result.appClicks[i];
      const baseClick = result.baselineClicks[i];
      const pair = (a: number | undefined, b: number | undefined) => `${ms(a)} / ${ms(b)}`;
      return `| ${i + 1} | ${i % 2 === 0 ? 'Walletdeck' : 'baseline'} | ${pair(load.connectedMs, base?.connectedMs)} | ${pair(load.shownMs, base?.shownMs)} | ${pair(click?.connectedMs, baseClick?.connectedMs)} | ${pair(click?.shownMs, baseClick?.shownMs)} |`;
    }),
    '',
  ];
  return lines.join('\n');
}

/** Where `npm run bench:reconnect` writes its table. */
export const BENCH_REPORT_FILE = path.resolve(__dirname, '../docs/bench-reconnect.md');

async function main() {
  const options: BenchOptions = {
    reloads: Number(process.env.BENCH_RELOADS ?? 30),
    idleMs: Number(process.env.BENCH_IDLE_S ?? 30) * 1000,
    walletLatencyMs: Number(process.env.WALLET_LATENCY_MS ?? 0),
    rpcLatencyMs: Number(process.env.RPC_LATENCY_MS ?? 0),
    ...(process.env.BENCH_TRACE ? { traceFile: path.resolve(process.env.BENCH_TRACE) } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  };
  // Before the bench, on a machine as quiet as the bench finds it.
  const workloadMs = measureWorkload();
  const result = await runReconnectBench(options);
  const { table, verdicts } = report(result);
  console.log(
    `\nReload of a connected user and a click on the wallet: ${options.reloads} of each, interleaved with the baseline page; wallet latency ${options.walletLatencyMs} ms, RPC latency ${options.rpcLatencyMs} ms; idle ${options.idleMs / 1000} s`,
  );
  console.table(table);
  console.log(`load average: ${loads(result.loadAverageBefore)} at the start, ${loads(result.loadAverage)} at the end (${os.cpus().length} cores); fixed workload ${Math.round(workloadMs)} ms\n`);
  for (const v of verdicts) console.log(`${v.ok ? 'PASS' : 'FAIL'}  ${v.text}`);
  writeFileSync(BENCH_REPORT_FILE, benchMarkdown(result, options, thisMachine(workloadMs), new Date()));
  console.log(`\nwritten to ${path.relative(process.cwd(), BENCH_REPORT_FILE)}`);
  process.exitCode = verdicts.every((v) => v.ok) ? 0 : 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
