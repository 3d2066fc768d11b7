// A returning user's wallet is asked before React's code is even evaluated (src/main.tsx, src/boot.ts):
// the page's own log shows the wallet's first request before react-dom announced itself to the
// DevTools hook, which it does while its module is evaluated.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { accountButton, connect, connectDialog, shownBlockNumber, waitForBalance, waitForStatus, watchPageErrors } from '../support/appDriver';
import { e2eEnv } from '../support/e2eEnv';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet } from '../support/fakeWallet';

const suite = browserSuite();

it('the silent reconnect asks the wallet before React is evaluated, and the page then shows Connected', async () => {
  const context = await suite.browser.newContext();
  suite.contexts.push(context);
  context.setDefaultTimeout(15_000);
  await installFakeWallet(context, { rpcUrls: suite.rpcUrls, connectedOrigins: [suite.server.url] });
  // After the wallet's own script: its provider's requests and React's arrival go into one log.
  await context.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { bootLog: string[] }).bootLog = log;
    (window as unknown as Record<string, unknown>)['__REACT_DEVTOOLS_GLOBAL_HOOK__'] = {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject: () => {
        log.push('react-dom evaluated');
        return 1;
      },
      onCommitFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      checkDCE: () => undefined,
    };
    const provider = (window as unknown as { ethereum: { request(args: { method: string }): Promise<unknown> } }).ethereum;
    const request = provider.request.bind(provider);
    provider.request = (args) => {
      log.push(`wallet: ${args.method}`);
      return request(args);
    };
  });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await waitForStatus(page, 'injected', 'Connected');
  const log = await page.evaluate(() => (window as unknown as { bootLog: string[] }).bootLog);
  const react = log.indexOf('react-dom evaluated');
  const firstWalletRequest = log.findIndex((entry) => entry.startsWith('wallet: '));
  expect(react).toBeGreaterThan(-1);
  expect(log).toContain('wallet: eth_accounts');
  expect(firstWalletRequest).toBeGreaterThan(-1);
  expect(firstWalletRequest).toBeLessThan(react);
});

describe('what loads when (docs/behaviour.md §6.11)', () => {
  const scriptsOf = (requests: string[]) => requests.filter((url) => /\/js\/[^/]+\.js$/.test(url)).map((url) => url.replace(/^.*\/js\/([^.]+)\..*$/, '$1'));

  async function idlePage(connected: boolean) {
    const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
    await installFakeWallet(context, { rpcUrls: suite.rpcUrls, connectedOrigins: connected ? [suite.server.url] : [] });
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    const page = await context.newPage();
    // The parts loaded after the first screen (the account menu's chunk) arrive once the page is idle.
    const idle = page.waitForResponse((response) => /\/js\/later\.[^/]+\.js$/.test(response.url()));
    await page.goto(suite.server.url);
    await waitForStatus(page, 'injected', connected ? 'Connected' : 'Disconnected');
    await idle;
    return { page, requests };
  }

  /** The built scripts that hold `marker` (a part's own words or class), whatever their chunk's name. */
  const scriptsHolding = (marker: string) => {
    const dir = path.join(e2eEnv().distDir, 'js');
    return readdirSync(dir).filter((file) => file.endsWith('.js') && readFileSync(path.join(dir, file), 'utf8').includes(marker));
  };
  const loaded = (requests: string[], scripts: string[]) => requests.filter((url) => scripts.some((file) => url.endsWith(`/js/${file}`)));

  it('a returning user, reconnected and idle, has loaded neither the connect dialog nor the wrong-network notice', async () => {
    const { requests } = await idlePage(true);
    expect(scriptsOf(requests)).toEqual(expect.arrayContaining(['main', 'later']));
    for (const marker of ['get-a-wallet', 'More networks']) {
      const scripts = scriptsHolding(marker);
      expect(scripts.length).toBeGreaterThan(0);
      expect([marker, loaded(requests, scripts)]).toEqual([marker, []]);
    }
  });

  it('a first visit, idle, has loaded neither the connect dialog nor what shows a connected wallet, until the pointer reaches "Connect wallet"', async () => {
    const { page, requests } = await idlePage(false);
    // The dialog's own words, and the overview's balance line (only a connected wallet has one).
    const parts = ['get-a-wallet', 'overview-balance'].map((marker) => ({ marker, scripts: scriptsHolding(marker) }));
    for (const { marker, scripts } of parts) {
      expect([marker, scripts.length > 0]).toEqual([marker, true]);
      expect([marker, loaded(requests, scripts)]).toEqual([marker, []]);
    }
    const arrived = parts.map(({ scripts }) => page.waitForResponse((response) => scripts.some((file) => response.url().endsWith(`/js/${file}`))));
    await page.getByTestId('connect-button').hover();
    await Promise.all(arrived);
  });

  it('a first visit, idle, has loaded none of what only a wallet in use needs: its watchers, the name memory, the endpoint status', async () => {
    const { requests } = await idlePage(false);
    // The chain switch watcher's and the signing watcher's words, the name memory's storage key, the
    // network panel's endpoint (issue 23: each was in the first visit's script before).
    for (const marker of ['Switching chain', 'Loading the signing code', 'walletdeck.names.v2', 'getNetworkStatus']) {
      const scripts = scriptsHolding(marker);
      expect([marker, scripts.length > 0]).toEqual([marker, true]);
      expect([marker, loaded(requests, scripts)]).toEqual([marker, []]);
    }
  });

  // The read layer's own words and RTK Query's: in no entry script (issue 23: the first visit's 105 KB carried them).
  const READ_LAYER_MARKERS = ['eth_blockNumber', 'executeQuery', 'No RPC endpoint of'];
  const entryScripts = () => [...readFileSync(path.join(e2eEnv().distDir, 'index.html'), 'utf8').matchAll(/<script[^>]+src="\/?js\/([^"]+)"/g)].map((m) => m[1] ?? '');

  it('a first visit, idle, carries none of the read layer in its entry scripts: it loads as its own chunk, and the latest block shows', async () => {
    const { page, requests } = await idlePage(false);
    const entries = entryScripts();
    expect(entries.length).toBeGreaterThan(0);
    for (const marker of READ_LAYER_MARKERS) {
      const scripts = scriptsHolding(marker);
      expect([marker, scripts.length > 0]).toEqual([marker, true]);
      expect([marker, scripts.filter((file) => entries.includes(file))]).toEqual([marker, []]);
    }
    // Its chunk was asked for at start, beside the entry scripts.
    expect(loaded(requests, scriptsHolding('executeQuery')).length).toBeGreaterThan(0);
    expect(Number.isInteger(await shownBlockNumber(page))).toBe(true);
  });

  it('a first visit loads the connect dialog once the pointer reaches "Connect wallet", and it opens', async () => {
    const { page, requests } = await idlePage(false);
    expect(scriptsOf(requests)).not.toContain('connect');
    const loaded = page.waitForResponse((response) => /\/js\/connect\.[^/]+\.js$/.test(response.url()));
    await page.getByTestId('connect-button').hover();
    await loaded;
    await page.getByTestId('connect-button').click();
    await connectDialog(page).getByTestId('wallet-list').waitFor();
  });
});

describe('a read layer that cannot be downloaded (offline, a new deploy)', () => {
  it('leaves the page working: the reads say why, a connect still connects, and Retry brings them', async () => {
    const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
    await installFakeWallet(context, { rpcUrls: suite.rpcUrls });
    const dir = path.join(e2eEnv().distDir, 'js');
    const readLayer = readdirSync(dir).filter((file) => file.endsWith('.js') && readFileSync(path.join(dir, file), 'utf8').includes('executeQuery'));
    expect(readLayer.length).toBeGreaterThan(0);
    let offline = true;
    await context.route(
      (url) => readLayer.some((file) => url.pathname.endsWith(`/js/${file}`)),
      (route) => (offline ? route.abort('internetdisconnected') : route.continue()),
    );
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(suite.server.url);
    await waitForStatus(page, 'injected', 'Disconnected');
    const block = page.getByTestId('block-number-unavailable');
    await block.waitFor();
    expect(await block.locator('[title]').getAttribute('title')).toMatch(/^The code that reads chain data could not load: Loading chunk .* failed/);

    // The wallet's parts do not need it: the dialog opens, the wallet connects, the header shows the account.
    await connect(page, 'injected');
    await accountButton(page).getByTestId('balance-unavailable').waitFor();
    const balance = page.getByTestId('overview-balance-unavailable');
    await balance.waitFor();
    expect(await balance.textContent()).toContain('Balance unavailable');

    // Back online: Retry asks for the code again, and the reads arrive.
    offline = false;
    await balance.getByRole('button', { name: 'Retry' }).click();
    await waitForBalance(page, /\d/);
    expect(Number.isInteger(await shownBlockNumber(page))).toBe(true);
    expect(errors).toEqual([]);
  });
});
