// A smart account signing in to the reference backend against a real anvil: the development smart
// account (contracts/DevSmartAccount.sol, prepared as `npm start` prepares it) signs with ERC-6492
// before it exists and ERC-1271 after its first transaction; the backend's check is the app's own.
import { Wallet, hashMessage, id } from 'ethers';
import { SmartAccountWallet, signHash, smartAccountInfo, DEV_SMART_FACTORY, type SmartAccountInfo } from '../../scripts/dev/coinbase/smartAccount';
import { prepareDevSmartAccount } from '../../scripts/dev/coinbase/smartAccountSetup';
import { rpc } from '../../scripts/dev/shared/requests';
import type { RunningSiweServer } from '../../server/siwe/server';
import { receiptOf, startAnvil, type Anvil } from '../support/anvil';
import { setUp, tearDown } from '../support/lifecycle';
import { Browser, TestClock, siweMessage, startBackend, tempFolder, testConfig } from './backend';

let anvil: Anvil;
let folder: ReturnType<typeof tempFolder>;
let backend: RunningSiweServer;
let info: SmartAccountInfo;
const clock = new TestClock(Date.now());

setUp(async () => {
  folder = tempFolder();
  anvil = await startAnvil();
  info = await prepareDevSmartAccount(anvil.url);
  backend = await startBackend(testConfig({ chains: { 31337: anvil.url }, storePath: `${folder.path}/store.sqlite` }), { now: clock.now });
});

tearDown(() => [backend, anvil, () => folder?.remove()]);

const account = () => new SmartAccountWallet(info, 31337, (method, params) => rpc(anvil.url, method, params));

/** Signs in as the smart account with the signature `sign` makes of the message's hash. */
async function signInWith(page: Browser, sign: (hash: string) => Promise<string> | string) {
  const message = siweMessage({ address: info.address, nonce: await page.nonce() }, clock);
  return page.post('/verify', { message, signature: await sign(hashMessage(message)) });
}

describe('the development smart account', () => {
  // One story in order: the account exists only after its first transaction.
  it('signs in with ERC-6492 before it is deployed, and with ERC-1271 after', async () => {
    const wallet = account();
    expect(await wallet.deployed()).toBe(false);
    const early = new Browser(backend.url);
    let wrapped = '';
    const before = await signInWith(early, async (hash) => (wrapped = await wallet.sign(hash)));
    expect(wrapped.endsWith('6492'.repeat(16))).toBe(true);
    expect([before.status, before.body['address']]).toEqual([200, info.address]);
    expect((await early.get(`/session?address=${info.address}`)).status).toBe(200);
    // The check deployed nothing.
    expect(await wallet.deployed()).toBe(false);

    // Its first batch makes it.
    const hash = await wallet.execute([{ target: Wallet.createRandom().address, value: 1n, data: '0x' }]);
    expect((await receiptOf(anvil.url, hash)).status).toBe('0x1');
    expect(await wallet.deployed()).toBe(true);

    const late = new Browser(backend.url);
    let plain = '';
    const after = await signInWith(late, async (h) => (plain = await wallet.sign(h)));
    expect(plain).toMatch(/^0x[0-9a-f]{130}$/);
    expect([after.status, after.body['address']]).toEqual([200, info.address]);
    // The wrapped signature still holds for the deployed account (ERC-6492 checks the account as it is).
    const again = new Browser(backend.url);
    expect((await signInWith(again, (h) => signHash(info, 31337, h, false))).status).toBe(200);
  });

  it("refuses the owner's signature made for another account, or for another chain", async () => {
    const other = smartAccountInfo(info.ownerKey, DEV_SMART_FACTORY, id('walletdeck.test.siwe.other'));
    const page = new Browser(backend.url);
    const forOther = await signInWith(page, (hash) => signHash(other, 31337, hash, true));
    expect([forOther.status, forOther.body['name']]).toEqual([401, 'InvalidSignature']);
    const forChain = await signInWith(page, (hash) => signHash(info, 1, hash, true));
    expect([forChain.status, forChain.body['name']]).toEqual([401, 'InvalidSignature']);
    expect(page.cookie).toBeUndefined();
  });
});
