// Names as wallets show them today (docs/behaviour.md §5.5), in the built app in real Chromium: a wallet
// on an L2 (Optimism, a local anvil with chain id 10) shows the primary name it set for that chain's
// coin type (ENSIP-19), read through the Universal Resolver on Ethereum (a second local anvil with
// chain id 1, our compatible contract at ENS's address), with its avatar, in the header and the account
// menu, at 375 and 1280 px. The same account's Ethereum primary name is not what is shown on the L2,
// and a recipient typed as a name resolves to its address for the L2's coin type.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getAddress } from 'ethers';
import type { BrowserContext, Page } from 'playwright-core';
import { UNIVERSAL_RESOLVER_ADDRESS, deployNames, evmCoinType, setOffchainParent, setPrimaryName, setRecords } from '../../contracts/deployNames';
import { startGateway, type Gateway } from '../../contracts/gateway';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { ENS_UNIVERSAL_RESOLVER } from '../../src/lib/chains';
import { expectAccessible } from '../support/a11y';
import { rpc, startAnvil, type Anvil } from '../support/anvil';
import { accountButton, connect, expectLayout, fillTransfer, firstScreenComplete, openAccountMenu, recipientNote, shownName, waitForShownBalance, waitForShownName, waitForStatus } from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { e2eEnv } from '../support/e2eEnv';
import { installFakeWallet } from '../support/fakeWallet';
import { setUp, tearDown } from '../support/lifecycle';
import { routeChain } from '../support/publicRpc';
import { untilAsync } from '../support/wait';

const TABLE = buildChainTable({}, 'http://127.0.0.1:8545');
// anvil's test account 8: no other suite names it.
const OPAL = { address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f', privateKey: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97' };
const OPAL_ON_ETHEREUM = 'opal.eth.test';
const OPAL_ON_OPTIMISM = 'opal.op.test';
/** A recipient with an address for Optimism's coin type only. */
const RUBY = { name: 'ruby.op.test', address: getAddress('0x000000000000000000000000000000000000a11c') };
const OP_COIN = evmCoinType(10);
// anvil's test account 7, on Optimism: its primary name there lives off chain, behind a gateway the build does not allow.
const JADE = { address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955', privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356', name: 'jade.off.test' };
// A 2 × 2 PNG, the avatar drawn in the header (data: avatars need no image source).
const AVATAR = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

const suite = browserSuite({ optimism: true });
let ethereum: Anvil; // stands in for Ethereum: the chain that holds the names
let gateway: Gateway; // http://127.0.0.1: never allowed in a production build

setUp(async () => {
  ethereum = await startAnvil({ chainId: 1 });
  await deployNames(ethereum.url);
  // Our Universal-Resolver-compatible contract, at the address the build knows for Ethereum.
  const code = await rpc<string>(ethereum.url, 'eth_getCode', [UNIVERSAL_RESOLVER_ADDRESS, 'latest']);
  await rpc(ethereum.url, 'anvil_setCode', [ENS_UNIVERSAL_RESOLVER, code]);
  await setRecords(ethereum.url, OPAL_ON_ETHEREUM, { addresses: { 60: OPAL.address } });
  await setPrimaryName(ethereum.url, OPAL.address, OPAL_ON_ETHEREUM, 60);
  await setRecords(ethereum.url, OPAL_ON_OPTIMISM, { addresses: { [OP_COIN]: OPAL.address }, texts: { avatar: AVATAR } });
  await setPrimaryName(ethereum.url, OPAL.address, OPAL_ON_OPTIMISM, OP_COIN);
  gateway = await startGateway({ records: { [JADE.name]: { addresses: { [OP_COIN]: JADE.address } } } });
  await setOffchainParent(ethereum.url, 'off.test', [gateway.template]);
  await setPrimaryName(ethereum.url, JADE.address, JADE.name, OP_COIN);
  // Ruby's name has an Ethereum address too, which must never be used on Optimism.
  await setRecords(ethereum.url, RUBY.name, { addresses: { [OP_COIN]: RUBY.address, 60: OPAL.address }, texts: { avatar: AVATAR } });
});
tearDown(() => [ethereum, gateway]);

async function openOnOptimism(width: number, account: { privateKey: string } = OPAL, before?: (context: BrowserContext) => void): Promise<Page> {
  const context = await suite.newContext({ viewport: { width, height: 800 } });
  before?.(context);
  await routeChain(context, TABLE[1]!.rpcUrls, ethereum.url);
  await routeChain(context, TABLE[10]!.rpcUrls, suite.rpcUrls[10]!);
  await installFakeWallet(context, { rpcUrls: suite.rpcUrls, privateKeys: [account.privateKey], chainId: 10, knownChainIds: [10, 31337] });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await connect(page, 'injected');
  return page;
}

/** Waits until the header's avatar image has loaded; returns its URL. */
async function headerAvatar(page: Page): Promise<string> {
  const image = accountButton(page).getByTestId('avatar');
  await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await image.elementHandle(), { polling: 50 });
  return (await image.getAttribute('src')) ?? '';
}

describe('names on an L2', () => {
  it.each([375, 1280])('at %i px the header shows the name set for Optimism, with its avatar', async (width) => {
    const page = await openOnOptimism(width);
    await waitForShownName(page, OPAL_ON_OPTIMISM);
    expect(await headerAvatar(page)).toBe(AVATAR);
    // The overview shows the same picture (issue 38: it drew a pixel identicon), 12 px clear of the name.
    const who = page.getByTestId('overview').locator('.overview-who');
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await who.getByTestId('avatar').elementHandle(), { polling: 50 });
    expect(await who.getByTestId('avatar').getAttribute('src')).toBe(AVATAR);
    expect(await who.getByTestId('identicon').count()).toBe(0);
    const gap = await who.evaluate((element) => {
      const picture = element.querySelector('img[data-testid=avatar]')!.getBoundingClientRect();
      const name = element.querySelector('[data-testid=name]')!.getBoundingClientRect();
      return Math.round(name.left - picture.right);
    });
    expect(gap).toBeGreaterThanOrEqual(12);
    await expectLayout(page);
    const menu = await openAccountMenu(page);
    await menu.getByText(OPAL_ON_OPTIMISM).waitFor();
    expect(await menu.getByTestId('avatar').getAttribute('src')).toBe(AVATAR);
    // The identicon gave way to the image: one picture of the account, not two.
    expect(await accountButton(page).getByTestId('identicon').count()).toBe(0);
    await expectLayout(page);
    await expectAccessible(page);
  });

  it("a recipient typed as a name resolves to its address for Optimism's coin type, with its avatar", async () => {
    const page = await openOnOptimism(1280);
    await fillTransfer(page, RUBY.name, '0.01');
    expect(await recipientNote(page)).toMatchObject({ status: 'resolved', address: RUBY.address });
    const form = page.getByTestId('sign-transaction');
    expect(await form.getByTestId('recipient').getByTestId('avatar').getAttribute('src')).toBe(AVATAR);
    // A name with an Ethereum address only points nowhere on Optimism: said in plain words.
    await fillTransfer(page, OPAL_ON_ETHEREUM, '0.01');
    expect(await recipientNote(page)).toMatchObject({ status: 'notFound', text: `${OPAL_ON_ETHEREUM} does not point to an address on OP Mainnet.` });
  });
});

describe('a hostile or unlisted gateway costs only the name', () => {
  it('a name behind a gateway the build does not allow: never asked, the console says why, the address and balance are shown', async () => {
    const warnings: string[] = [];
    const page = await openOnOptimism(375, JADE, (context) =>
      context.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      }),
    );
    await waitForShownBalance(page, '10,000 ETH');
    await untilWarned(warnings, gateway.url);
    expect(await shownName(page)).toBeUndefined();
    expect(gateway.requests()).toBe(0);
    await expectLayout(page);
  });
});

/** Waits until the page has warned about `url` in the console. */
async function untilWarned(warnings: string[], url: string): Promise<void> {
  await untilAsync(async () => warnings.some((w) => w.includes(url)), { what: `a console warning naming ${url}` });
}

describe('the names code loads only when a name is asked for', () => {
  /** The built scripts holding the names code (a marker of its own: ENSIP-21's local batch gateway). */
  const namesScripts = () => {
    const dir = path.join(e2eEnv().distDir, 'js');
    return readdirSync(dir).filter((file) => file.endsWith('.js') && readFileSync(path.join(dir, file), 'utf8').includes('x-batch-gateway:true'));
  };

  it('it is not among the first visit\'s scripts, and a visit without a wallet never loads it', async () => {
    const scripts = namesScripts();
    expect(scripts.length).toBeGreaterThan(0);
    const html = readFileSync(path.join(e2eEnv().distDir, 'index.html'), 'utf8');
    for (const file of scripts) expect(html).not.toContain(file);
    const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
    await installFakeWallet(context, { rpcUrls: suite.rpcUrls });
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    const page = await context.newPage();
    // Once the first screen is complete (the silent probe answered, the block shown): no names code.
    await page.goto(suite.server.url);
    await waitForStatus(page, 'injected', 'Disconnected');
    await firstScreenComplete(page);
    expect(requests.filter((url) => scripts.some((file) => url.endsWith(`/js/${file}`)))).toEqual([]);
  });
});
