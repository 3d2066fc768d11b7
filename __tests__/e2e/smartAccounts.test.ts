// Smart accounts sign (docs/behaviour.md §7.8), end to end: the built app in headless Chromium, the
// fake extension wallet standing in for a smart-account wallet (Coinbase Smart Wallet, a Safe) whose
// owner key signs for a contract account on the real anvil. The page asks the chain, through its own
// read endpoints, and says "Signed and verified" where it used to call the signature invalid.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SigningKey, TypedDataEncoder, Wallet, hashMessage, id } from 'ethers';
import type { Page } from 'playwright-core';
import { counterfactualAccount, createCalldata, deployFactory, deployOwnedAccount, wrap6492 } from '../../contracts/testAccounts';
import { connect, expectNoSidewaysScroll, openSigning, signMessage, signTypedDataSample, waitForOutcome, waitForStatus } from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { e2eEnv } from '../support/e2eEnv';
import validator from '../../contracts/SignatureCheck.json';
import { installFakeWallet } from '../support/fakeWallet';

const METAMASK = { uuid: '5d0f3c55-7c43-4a50-9f0a-5b0f6f1d9e11', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };
/** The smart account's owner: a key of its own, never one of anvil's funded accounts. */
const OWNER = new Wallet(id('walletdeck.e2e.smart-account-owner'));

const suite = browserSuite();
let anvilUrl: string;
let deployed: string;
let factory: string;

beforeAll(async () => {
  anvilUrl = suite.rpcUrls[31337]!;
  deployed = await deployOwnedAccount(anvilUrl, OWNER.address);
  factory = await deployFactory(anvilUrl);
}, 60_000);

const ownerSigns = (hash: string) => new SigningKey(OWNER.privateKey).sign(hash).serialized;

/**
 * A fresh profile whose wallet's account is `account`, answering personal_sign and typed data with
 * what `sign` makes of the hash, connected, the signing panel open.
 */
async function openSmart(account: string, sign: (hash: string) => string, view: { width?: number; dark?: boolean } = {}): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: view.width ?? 1280, height: 900 }, colorScheme: view.dark ? 'dark' : 'light' });
  suite.contexts.push(context);
  context.setDefaultTimeout(10_000);
  const wallet = await installFakeWallet(context, { announce: METAMASK, rpcUrls: { 31337: anvilUrl } });
  wallet.core.accounts = [account];
  wallet.core.setHandler('personal_sign', (params) => sign(hashMessage(Buffer.from((params as [string])[0].slice(2), 'hex'))));
  wallet.core.setHandler('eth_signTypedData_v4', (params) => {
    const data = JSON.parse((params as [string, string])[1]) as { types: Record<string, { name: string; type: string }[]>; domain: Record<string, unknown>; message: Record<string, unknown> };
    const { EIP712Domain: _domain, ...types } = data.types;
    return sign(TypedDataEncoder.hash(data.domain, types, data.message));
  });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await connect(page, 'injected');
  await openSigning(page);
  return page;
}

describe('the validator', () => {
  it("is in the signing chunk, loaded with the signing code, and in no script of the first visit", () => {
    const js = path.join(e2eEnv().distDir, 'js');
    const holding = readdirSync(js)
      .filter((file) => file.endsWith('.js'))
      .filter((file) => readFileSync(path.join(js, file), 'utf8').includes(validator.bytecode.slice(2)));
    expect(holding).toEqual([expect.stringMatching(/^signing\.[0-9a-f]+\.js$/)]);
  });
});

describe('a smart account signs', () => {
  it('a deployed ERC-1271 account: message and typed data are "Signed and verified" as the account', async () => {
    const page = await openSmart(deployed, ownerSigns);
    await signMessage(page, 'Sign in to Walletdeck ✓');
    const message = await waitForOutcome(page, 'message', 'signed');
    expect(await message.getByTestId('verified').textContent()).toBe(`Signed and verified: the signer is ${deployed}, the connected account.`);
    await signTypedDataSample(page);
    const typed = await waitForOutcome(page, 'typedData', 'signed');
    expect(await typed.getByTestId('verified').textContent()).toContain(deployed);
  });

  it('an account not deployed yet (ERC-6492): "Signed and verified", and its long signature fits a 320 px screen, dark', async () => {
    const salt = id('walletdeck.e2e.6492');
    const account = await counterfactualAccount(anvilUrl, factory, OWNER.address, salt);
    const page = await openSmart(account, (hash) => wrap6492(factory, createCalldata(OWNER.address, salt), ownerSigns(hash)), { width: 320, dark: true });
    await signMessage(page, 'Sign in to Walletdeck ✓');
    const message = await waitForOutcome(page, 'message', 'signed');
    expect(await message.getByTestId('verified').textContent()).toContain(account);
    expect((await message.getByTestId('signature').textContent())?.endsWith('6492'.repeat(16))).toBe(true);
    await expectNoSidewaysScroll(page);
  });

  it('when the chain cannot be asked, the page says so in plain words, not "invalid", and keeps the connection', async () => {
    const page = await openSmart(deployed, ownerSigns, { width: 375 });
    // Every read the page sends to the chain from now on fails: the check cannot be asked.
    await page.route(`${anvilUrl}/**`, (route) => route.abort('connectionrefused'));
    await page.route(anvilUrl, (route) => route.abort('connectionrefused'));
    await signMessage(page, 'hi');
    const outcome = await waitForOutcome(page, 'message', 'unchecked');
    expect(await outcome.locator('.error-sentence').textContent()).toBe(
      "MetaMask signed, but the network could not be asked whether the signature is this account's, so it is not shown as verified. Try again later.",
    );
    expect(await outcome.getByRole('alert').count()).toBe(0);
    expect(await outcome.locator('[data-error-name]').getAttribute('data-error-name')).toBe('SignatureUncheckedError');
    expect(await outcome.locator('.error-message').textContent()).toMatch(/^The signature could not be checked: /);
    await waitForStatus(page, 'injected', 'Connected');
    await expectNoSidewaysScroll(page);
  });
});
