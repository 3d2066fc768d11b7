// Regenerates docs/screenshot.png (1280x800): the production build with a connected browser wallet.
// Run: node -r ts-node/register scripts/screenshot.ts
import path from 'node:path';
import globalSetup from '../__tests__/e2e/globalSetup';
import globalTeardown from '../__tests__/e2e/globalTeardown';
import { launchChromium } from '../__tests__/support/browser';
import { e2eEnv } from '../__tests__/support/e2eEnv';
import { installFakeWallet } from '../__tests__/support/fakeWallet';
import { serveStatic } from '../__tests__/support/staticServer';
import { setupDevChain } from './devchain';

async function main(): Promise<void> {
  await globalSetup();
  const env = e2eEnv();
  // The same names `npm start` gives the embedded chain (alice.test for the first account).
  await setupDevChain(env.anvilUrl);
  const server = await serveStatic(env.distDir);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await installFakeWallet(context, { rpcUrls: { 31337: env.anvilUrl }, connectedOrigins: [server.url] });
    const page = await context.newPage();
    await page.goto(server.url);
    const card = page.getByTestId('card-injected');
    await card.getByTestId('status').filter({ hasText: /^Connected$/ }).waitFor({ timeout: 10_000 });
    await card.getByTestId('balance').first().waitFor({ timeout: 10_000 });
    await card.getByTestId('name').first().waitFor({ timeout: 10_000 });
    const file = path.resolve(__dirname, '../docs/screenshot.png');
    await page.screenshot({ path: file });
    console.log(`Wrote ${file}`);
  } finally {
    await browser.close();
    await server.close();
    await globalTeardown();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
