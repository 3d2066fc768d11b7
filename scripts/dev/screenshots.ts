// Regenerates the README's pictures of the development wallets from a running `npm start`:
// docs/dev-wallet.png (the app with the extension's prompt for a message), docs/dev-phone.png (the
// development phone asked to connect) and docs/dev-popup.png (the Coinbase popup asked to connect).
// Run `npm start` (with PORT if you set one), then: PORT=<port> node -r ts-node/register/transpile-only scripts/dev/screenshots.ts
import path from 'node:path';
import { continueWithoutExtension, pairingLink, signMessage, startConnect, waitForStatus } from '../../__tests__/support/appDriver';
import { launchChromium } from '../../__tests__/support/browser';
import { planDevWallets } from './devWallets';

async function main(): Promise<void> {
  const plan = planDevWallets(process.env);
  const app = `http://127.0.0.1:${plan.appPort}`;
  const docs = path.resolve(__dirname, '../../docs');
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    await page.goto(app);
    const prompt = page.locator('#walletdeck-dev-wallet').getByRole('dialog');
    await startConnect(page, 'injected', { wallet: 'Development wallet' });
    await prompt.getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(page, 'injected', 'Connected');
    await signMessage(page, 'Hello from the development wallet');
    await prompt.getByRole('heading', { name: 'Sign this message?' }).waitFor();
    await page.screenshot({ path: path.join(docs, 'dev-wallet.png') });
    await prompt.getByRole('button', { name: 'Reject' }).click();

    if (plan.phonePort !== undefined) {
      await startConnect(page, 'walletconnect');
      const link = await pairingLink(page);
      const phone = await context.newPage();
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.goto(`http://127.0.0.1:${plan.phonePort}/?uri=${encodeURIComponent(link)}`);
      await phone.getByTestId('wallet-prompt').waitFor();
      await phone.screenshot({ path: path.join(docs, 'dev-phone.png') });
      await phone.getByRole('button', { name: 'Reject' }).click();
    }

    if (plan.coinbasePort !== undefined) {
      await page.bringToFront();
      await startConnect(page, 'coinbase');
      const opened = page.waitForEvent('popup');
      await continueWithoutExtension(page);
      const popup = await opened;
      await popup.setViewportSize({ width: 420, height: 640 });
      await popup.getByTestId('wallet-prompt').waitFor();
      await popup.screenshot({ path: path.join(docs, 'dev-popup.png') });
      await popup.getByRole('button', { name: 'Reject' }).click();
    }
    console.log(`Wrote the development wallets' pictures in ${docs}`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
