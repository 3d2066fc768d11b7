// A returning user's wallet is asked before React's code is even evaluated (src/main.tsx, src/boot.ts):
// the page's own log shows the wallet's first request before react-dom announced itself to the
// DevTools hook, which it does while its module is evaluated.
import { waitForStatus } from '../support/appDriver';
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
