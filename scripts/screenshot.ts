// Regenerates the README's screenshots: docs/screenshot.png (1280x800, a connected browser wallet) and
// docs/screenshot-phone-dark.png (375 px, dark theme, a wallet on a chain the app does not support).
// Run: node -r ts-node/register scripts/screenshot.ts
import path from 'node:path';
import globalSetup from '../__tests__/e2e/globalSetup';
import globalTeardown from '../__tests__/e2e/globalTeardown';
import { startAnvil } from '../__tests__/support/anvil';
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
  const bsc = await startAnvil({ chainId: 56 });
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

    const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, colorScheme: 'dark', hasTouch: true, isMobile: true });
    const wallet = await installFakeWallet(phone, { rpcUrls: { 31337: env.anvilUrl, 56: bsc.url }, knownChainIds: [31337, 56], connectedOrigins: [server.url] });
    const phonePage = await phone.newPage();
    await phonePage.goto(server.url);
    const phoneCard = phonePage.getByTestId('card-injected');
    await phoneCard.getByTestId('status').filter({ hasText: /^Connected$/ }).waitFor({ timeout: 10_000 });
    await wallet.switchChain(56);
    await phoneCard.getByTestId('status').filter({ hasText: /^Unsupported network$/ }).waitFor({ timeout: 10_000 });
    const phoneFile = path.resolve(__dirname, '../docs/screenshot-phone-dark.png');
    await phonePage.screenshot({ path: phoneFile });
    console.log(`Wrote ${phoneFile}`);
  } finally {
    await bsc.stop();
    await browser.close();
    await server.close();
    await globalTeardown();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
