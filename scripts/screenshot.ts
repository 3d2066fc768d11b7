// Regenerates the README's screenshots of the connect pattern: the header with a connected account
// (and "Sign and send" open below it), the connect dialog (the wallet list) and the account menu, at
// 1280 px and at 375 px (the phone's dialogs as bottom sheets, the account menu in the dark theme),
// and on a phone whose browser asks for Arabic (right to left), into docs/. Production build, fake
// wallet, local chains.
// Run: node -r ts-node/register scripts/screenshot.ts [file.png …] (only the shots that write those)
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import globalSetup from '../__tests__/e2e/globalSetup';
import globalTeardown from '../__tests__/e2e/globalTeardown';
import { closeDialogs, openAccountMenu, openNetworkDialog, openWalletList, sendTransfer, shownBalance, waitForShownName, waitForStatus, waitForToast } from '../__tests__/support/appDriver';
import { launchChromium } from '../__tests__/support/browser';
import { builtApp } from '../__tests__/support/e2eBuild';
import { e2eEnv } from '../__tests__/support/e2eEnv';
import { installFakeWallet, type Eip6963Info } from '../__tests__/support/fakeWallet';
import { serveStatic } from '../__tests__/support/staticServer';
import { DEV_NAMES, setupDevChain } from './devchain';

// A browser extension that announces itself with its name and icon, as MetaMask does.
const FOX = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"%3E%3Crect width="32" height="32" rx="8" fill="%23f6851b"/%3E%3Cpath d="M8 10l8 5 8-5-2 11-6 4-6-4z" fill="%23fff"/%3E%3C/svg%3E';
const METAMASK: Eip6963Info = { uuid: '5a1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f', name: 'MetaMask', icon: FOX, rdns: 'io.metamask' };

interface Shot {
  width: number;
  dark: boolean;
  /** File name under docs/ for the header, the connect dialog and the account menu. */
  files: { header: string; connect: string; menu: string; network?: string; toast?: string };
  darkMenuOnly?: boolean;
  /** The browser's language (the page speaks it from its first screen). */
  locale?: string;
}

const SHOTS: Shot[] = [
  { width: 1280, dark: false, files: { header: 'desktop-header.png', connect: 'desktop-connect.png', menu: 'desktop-menu.png' } },
  // On a phone: the header and the dialog light, the account menu dark.
  { width: 375, dark: false, darkMenuOnly: true, files: { header: 'phone-header.png', connect: 'phone-connect.png', menu: 'phone-menu-dark.png', network: 'phone-network.png', toast: 'phone-toast.png' } },
  // A phone asking for Arabic: the page right to left, addresses and amounts left to right.
  { width: 375, dark: false, locale: 'ar', files: { header: 'phone-ar-header.png', connect: 'phone-ar-connect.png', menu: 'phone-ar-menu.png' } },
];

const docs = (file: string) => path.resolve(__dirname, '../docs', file);

async function snap(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: docs(file), animations: 'disabled', caret: 'hide' });
  console.log(`Wrote docs/${file}`);
}

/** A page on the app; `connected`: the wallet has this site connected already (a returning user). */
async function open(browser: Browser, url: string, anvilUrl: string, shot: Shot, dark: boolean, connected: boolean): Promise<Page> {
  const isPhone = shot.width < 600;
  const context = await browser.newContext({
    viewport: { width: shot.width, height: isPhone ? 760 : 800 },
    colorScheme: dark ? 'dark' : 'light',
    ...(shot.locale ? { locale: shot.locale } : {}),
    ...(isPhone ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}),
  });
  context.setDefaultTimeout(15_000);
  await installFakeWallet(context, { announce: METAMASK, rpcUrls: { 31337: anvilUrl }, connectedOrigins: connected ? [url] : [] });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

async function main(): Promise<void> {
  await globalSetup();
  // The set-up builds the app beside the run (as jest's does): wait for it before serving its files.
  await builtApp();
  const env = e2eEnv();
  // The same names `npm start` gives the embedded chain (alice.test for the first account).
  const { gateway } = await setupDevChain(env.anvilUrl);
  const [aliceName] = DEV_NAMES[0] ?? [];
  const server = await serveStatic(env.distDir);
  const browser = await launchChromium();
  try {
    // `node … scripts/screenshot.ts phone-ar-header.png`: only the shots that write the files named.
    const only = process.argv.slice(2);
    for (const shot of SHOTS.filter((s) => only.length === 0 || Object.values(s.files).some((file) => only.includes(file)))) {
      // A new visitor: the connect dialog's wallet list.
      const visitor = await open(browser, server.url, env.anvilUrl, shot, shot.dark, false);
      await visitor.getByTestId('block-number').waitFor();
      await openWalletList(visitor);
      await snap(visitor, shot.files.connect);
      await visitor.context().close();

      // A returning user: the header with the account, then the account menu.
      const user = await open(browser, server.url, env.anvilUrl, shot, shot.dark, true);
      await waitForStatus(user, 'injected', 'Connected');
      await shownBalance(user);
      if (aliceName) await waitForShownName(user, aliceName);
      await user.getByTestId('block-number').waitFor();
      // "Sign and send" opens with the connection: its forms, not its loading line.
      await user.getByTestId('sign-section').getByTestId('sign-target').waitFor();
      await snap(user, shot.files.header);
      if (shot.files.network) {
        await openNetworkDialog(user);
        await snap(user, shot.files.network);
        await closeDialogs(user);
      }
      if (shot.files.toast) {
        // A transfer sent: its toast at the bottom of the phone's screen, clear of the form.
        await sendTransfer(user, 'bob.test', '0.01');
        await waitForToast(user, 'confirmed');
        await snap(user, shot.files.toast);
        await user.reload();
        await waitForStatus(user, 'injected', 'Connected');
      }
      if (shot.darkMenuOnly) {
        await user.emulateMedia({ colorScheme: 'dark' });
      }
      const menu = await openAccountMenu(user);
      await menu.getByText(/ ETH$/).first().waitFor();
      await snap(user, shot.files.menu);
      await closeDialogs(user);
      await user.context().close();
    }
  } finally {
    await browser.close();
    await server.close();
    await gateway?.stop();
    await globalTeardown();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
