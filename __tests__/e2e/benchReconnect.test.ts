// `npm run bench:reconnect` in a short mode, so the benchmark cannot rot. No timing is asserted
// (the machine is shared); request counts are: what a returning user's reload costs, every time, and
// what a click on the wallet in the open wallet list costs until "Connected".
import { runReconnectBench } from '../../scripts/bench-reconnect';
import { BLOCK_POLL_MS } from '../../store/chainApi';
import { launchChromium } from '../support/browser';
import { e2eEnv } from '../support/e2eEnv';

jest.setTimeout(180_000);

it('a reload of a connected user: at most 2 RPC and 2 wallet requests until balance and block are shown; quiet when idle; a click on the wallet loads nothing before Connected', async () => {
  const env = e2eEnv();
  const idleMs = BLOCK_POLL_MS + 2_000;
  // A fresh context of the run's one Chromium, as every browser suite has (no second browser for this file).
  const openBrowser = async () => {
    const browser = await launchChromium();
    const context = await browser.newContext();
    return {
      context,
      close: async () => {
        await context.close();
        await browser.close();
      },
    };
  };
  const result = await runReconnectBench({ reloads: 3, idleMs, prebuilt: { distDir: env.distDir, rpcUrl: env.anvilUrl }, openBrowser });
  expect(result.app).toHaveLength(3);
  expect(result.baseline).toHaveLength(3);
  for (const load of result.app) {
    expect(load.rpcUntilShown).toBeLessThanOrEqual(2);
    expect(load.walletUntilShown).toBeLessThanOrEqual(2);
    expect(load.shownMs).toBeGreaterThanOrEqual(load.accountMs);
  }
  // The baseline is what it claims to be: one RPC request, two wallet requests.
  for (const load of result.baseline) expect([load.rpcUntilShown, load.walletUntilShown]).toEqual([1, 2]);
  // One poll per interval at most (two can fall in a window a little longer than the interval).
  expect((result.idleRpcPer10s * idleMs) / 10_000).toBeLessThanOrEqual(2);
  expect(result.idleWalletPer10s).toBe(0);

  // The click path: the accounts and the chain asked once each, and no chunk loaded on the way.
  expect(result.appClicks).toHaveLength(3);
  expect(result.baselineClicks).toHaveLength(3);
  for (const click of result.appClicks) {
    expect(click.walletUntilConnected).toBeLessThanOrEqual(2);
    expect(click.scriptsUntilConnected).toBe(0);
    expect(click.shownMs).toBeGreaterThanOrEqual(click.connectedMs);
  }
  for (const click of result.baselineClicks) expect([click.walletUntilConnected, click.scriptsUntilConnected]).toEqual([2, 0]);
});
