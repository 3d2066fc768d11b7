// A returning user's wallet is asked before React's code is even evaluated (src/main.tsx, src/boot.ts):
// the page's own log shows the wallet's first request before react-dom announced itself to the
// DevTools hook, which it does while its module is evaluated.
import { connectDialog, shownBlockNumber, waitForBalance, waitForStatus } from '../support/appDriver';
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

describe('what loads when (docs/behaviour.md §6.11, docs/architecture.md "How the code loads")', () => {
  const scriptsOf = (requests: string[]) => requests.filter((url) => /\/js\/[^/]+\.js$/.test(url)).map((url) => url.replace(/^.*\/js\/([^.]+)\..*$/, '$1'));

  async function openPage(connected: boolean) {
    const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
    await installFakeWallet(context, { rpcUrls: suite.rpcUrls, connectedOrigins: connected ? [suite.server.url] : [] });
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await waitForStatus(page, 'injected', connected ? 'Connected' : 'Disconnected');
    return { page, requests };
  }

  it('a returning user: the reload runs the first script (then the account name, and the signing panel it opens) only, and shows Connected with its balance', async () => {
    const { page } = await openPage(true);
    // The page now remembers the connection: the reload is a returning user's.
    const requests: string[] = [];
    page.context().on('request', (request) => requests.push(request.url()));
    await page.reload();
    await waitForStatus(page, 'injected', 'Connected');
    await waitForBalance(page, /\d/);
    // Sign and send opens with the connection (docs/behaviour.md §7.1): its code comes after Connected.
    await page.getByTestId('sign-section').getByTestId('sign-target').waitFor();
    // No dialog, notice, QR or SDK: this chain has names, so the account's name is read.
    expect(scriptsOf(requests).filter((name) => name !== 'names').sort()).toEqual(['main', 'signing', 'vendor']);
    // The account menu's code comes when the pointer reaches the account button, and the menu opens.
    const arrived = page.waitForResponse((response) => /\/js\/dialogs\.[^/]+\.js$/.test(response.url()));
    await page.getByTestId('account-button').hover();
    await arrived;
    await page.getByTestId('account-button').click();
    await page.getByTestId('account-menu').waitFor();
  });

  it('a first visit loads only its first script, and the latest block shows; the pointer on "Connect wallet" brings the dialogs chunk, and the dialog opens', async () => {
    const { page, requests } = await openPage(false);
    expect(Number.isInteger(await shownBlockNumber(page))).toBe(true);
    expect(scriptsOf(requests).sort()).toEqual(['main', 'vendor']);
    const arrived = page.waitForResponse((response) => /\/js\/dialogs\.[^/]+\.js$/.test(response.url()));
    await page.getByTestId('connect-button').hover();
    await arrived;
    await page.getByTestId('connect-button').click();
    await connectDialog(page).getByTestId('wallet-list').waitFor();
  });
});
