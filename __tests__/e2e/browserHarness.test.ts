// The run's one Chromium as every browser suite gets it (support/browser.ts): a new context's window
// holds the pages a test opens and nothing of the browser's own UI, and a page reaches this machine
// only, other hosts failing in the browser itself, with no Playwright route in between. The first
// was worth half the browser's CPU per test; the second keeps the page's HTTP cache on.
import { browserSuite } from '../support/browserSuite';

const suite = browserSuite();

it("a new window loads no page of the browser's own (the address bar's suggestion popup)", async () => {
  const context = await suite.newContext();
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.locator('[data-wallet-control]').waitFor();
  const cdp = await suite.browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual([]);
    expect(targetInfos.some((target) => target.url.startsWith(suite.server.url))).toBe(true);
  } finally {
    await cdp.detach();
  }
});

it('a host other than this machine fails in the browser, and this machine answers', async () => {
  const context = await suite.newContext();
  const page = await context.newPage();
  await page.goto(suite.server.url);
  const outcome = await page.evaluate(async (local) => {
    const reach = (url: string) =>
      fetch(url).then(
        (response) => `answered ${response.status}`,
        (error: unknown) => `failed: ${String(error)}`,
      );
    return { outside: await reach('https://rpc.example.org/'), local: await reach(local) };
  }, `${suite.server.url}/manifest.json`);
  expect(outcome).toEqual({ outside: 'failed: TypeError: Failed to fetch', local: 'answered 200' });
});
