// The development Coinbase popup's smart account (scripts/dev/coinbase/smartAccount.ts, contracts/
// DevSmartAccount.sol) against a real anvil: prepared as `npm start` prepares it, it signs with
// ERC-6492 before it exists and ERC-1271 after, as the page's own signature check sees it; its first
// batch, submitted by the stand-in bundler, makes it and pays three recipients; the popup's
// wallet_getCallsStatus answer follows from the chain.
import { Wallet, getAddress, hashMessage, id } from 'ethers';
import { compileDevSmartAccount } from '../../contracts/compileDevSmartAccount';
import artifact from '../../contracts/DevSmartAccount.json';
import { rpc } from '../../scripts/dev/shared/requests';
import {
  DEV_SMART_BUNDLER,
  DEV_SMART_FACTORY,
  DEV_SMART_OWNER_KEY,
  ERC6492_SUFFIX,
  SmartAccountWallet,
  callsStatus,
  factoryAbi,
  signHash,
  smartAccountInfo,
  type ChainReceipt,
  type ChainTransaction,
  type SmartAccountInfo,
} from '../../scripts/dev/coinbase/smartAccount';
import { prepareDevSmartAccount } from '../../scripts/dev/coinbase/smartAccountSetup';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { createRpcRuntime } from '../../src/lib/rpc';
import { checkSignature, type EthCall } from '../../src/lib/signatureCheck';
import { receiptOf, startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { SETUP_TIMEOUT_MS, TEARDOWN_TIMEOUT_MS } from '../support/lifecycle';

const ETH = 10n ** 18n;
const HASH = hashMessage('Sign in to Walletdeck ✓');

let anvil: Anvil;
let call: EthCall;
let info: SmartAccountInfo;

beforeAll(async () => {
  anvil = await startAnvil();
  const runtime = createRpcRuntime(buildChainTable({}, anvil.url));
  call = (tx) => runtime.client(31337).request('eth_call', [tx, 'latest'], 'data');
  info = await prepareDevSmartAccount(anvil.url);
}, SETUP_TIMEOUT_MS);

afterAll(() => anvil?.stop(), TEARDOWN_TIMEOUT_MS);

const wallet = (account: SmartAccountInfo = info) => new SmartAccountWallet(account, 31337, (method, params) => rpc(anvil.url, method, params));
const balanceOf = async (address: string) => BigInt(await rpc<string>(anvil.url, 'eth_getBalance', [address, 'latest']));
const check = (account: string, signature: string) => checkSignature({ account, hash: HASH, signature, call });

describe('the compiled contract', () => {
  it('is what the installed solc makes of its source', () => {
    expect(compileDevSmartAccount()).toEqual(artifact);
  });
});

describe('prepared on the chain', () => {
  it('the factory is where the popup computes it and agrees on the account address, which is none of anvil\'s keys and funded', async () => {
    expect(info.factory).toBe(DEV_SMART_FACTORY);
    const [onChain] = factoryAbi.decodeFunctionResult(
      'addressOf',
      await rpc<string>(anvil.url, 'eth_call', [{ to: DEV_SMART_FACTORY, data: factoryAbi.encodeFunctionData('addressOf', [info.owner, info.salt]) }, 'latest']),
    );
    expect(getAddress(onChain as string)).toBe(info.address);
    const keys = (await rpc<string[]>(anvil.url, 'eth_accounts')).map((a) => getAddress(a));
    expect(keys).toHaveLength(10);
    expect(keys).not.toContain(info.owner);
    expect(keys).not.toContain(info.address);
    expect(keys).not.toContain(info.bundler);
    expect(await balanceOf(info.address)).toBe(100n * ETH);
    // Again on the same chain (a restarted `npm start`): nothing changes, nothing fails.
    expect(await prepareDevSmartAccount(anvil.url)).toEqual(info);
  });
});

describe('the smart account', () => {
  // One story in order: the account exists only after its first batch.
  it('signs with ERC-6492 before it exists, makes itself with its first batch, then signs with ERC-1271', async () => {
    const account = wallet();
    expect(await account.deployed()).toBe(false);
    const early = await account.sign(HASH);
    expect(early.endsWith(ERC6492_SUFFIX.slice(2))).toBe(true);
    expect(await check(info.address, early)).toEqual({ kind: 'valid', by: 'chain' });
    // The check deployed nothing.
    expect(await account.deployed()).toBe(false);

    const to = [0, 1, 2].map(() => Wallet.createRandom().address);
    const id = await account.execute(to.map((target, i) => ({ target, value: BigInt(i + 1) * 10n ** 17n, data: '0x' })));
    const receipt = await receiptOf<{ from: string; to: string; status: string }>(anvil.url, id);
    // One transaction for the three transfers, from the bundler, through the factory.
    expect(getAddress(receipt.from)).toBe(DEV_SMART_BUNDLER);
    expect(getAddress(receipt.to)).toBe(DEV_SMART_FACTORY);
    expect(await Promise.all(to.map(balanceOf))).toEqual([ETH / 10n, (2n * ETH) / 10n, (3n * ETH) / 10n]);
    expect(await balanceOf(info.address)).toBe(100n * ETH - (6n * ETH) / 10n);
    expect(await account.deployed()).toBe(true);

    const late = await account.sign(HASH);
    expect(late).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await check(info.address, late)).toEqual({ kind: 'valid', by: 'chain' });

    // The second batch goes to the account itself, at its next nonce.
    const second = await account.execute([{ target: to[0]!, value: 1n, data: '0x' }]);
    const again = await receiptOf<{ to: string; status: string }>(anvil.url, second);
    expect([getAddress(again.to), again.status]).toEqual([info.address, '0x1']);
  });

  it("a signature is for its own account only: the owner's signature for another account of the same key is not valid here", async () => {
    const other = smartAccountInfo(DEV_SMART_OWNER_KEY, DEV_SMART_FACTORY, id('walletdeck.test.other-account'));
    expect(await check(info.address, signHash(other, 31337, HASH, true))).toMatchObject({ kind: 'invalid' });
    // Nor for another chain.
    expect(await check(info.address, signHash(info, 1, HASH, true))).toMatchObject({ kind: 'invalid' });
  });

  it('refuses a batch its owner did not sign: the bundler cannot spend for it', async () => {
    const stranger = smartAccountInfo(Wallet.createRandom().privateKey);
    // The stranger's key signs for the real account's address: the contract asks its own owner.
    const forged = wallet({ ...stranger, address: info.address, owner: info.owner });
    const target = Wallet.createRandom().address;
    const blockBefore = await rpc<string>(anvil.url, 'eth_blockNumber');
    // Simulated first, as a bundler does: refused, and nothing is mined for it.
    await expect(forged.execute([{ target, value: ETH, data: '0x' }])).rejects.toMatchObject({ code: -32000, message: expect.stringMatching(/^The batch would fail on chain/) });
    expect(await rpc<string>(anvil.url, 'eth_blockNumber')).toBe(blockBefore);
    expect(await balanceOf(target)).toBe(0n);
  });
});

describe("the popup's wallet_getCallsStatus", () => {
  it('answers from the chain: confirmed with the receipt; another transaction, or none, is an unknown batch', async () => {
    const target = Wallet.createRandom().address;
    const batch = await wallet().execute([{ target, value: 5n, data: '0x' }]);
    const tx = await rpc<ChainTransaction>(anvil.url, 'eth_getTransactionByHash', [batch]);
    const receipt = await (await receiptOf<ChainReceipt & { status: string }>(anvil.url, batch)) as ChainReceipt;
    const answer = callsStatus(batch, 31337, info, tx, receipt);
    expect(answer).toMatchObject({ version: '2.0.0', id: batch, chainId: '0x7a69', status: 200, atomic: true });
    expect(answer.receipts).toEqual([expect.objectContaining({ transactionHash: batch, status: '0x1' })]);

    const plain = await rpc<string>(anvil.url, 'eth_sendTransaction', [{ from: TEST_ACCOUNTS[2].address, to: target, value: '0x1' }]);
    const plainTx = await rpc<ChainTransaction>(anvil.url, 'eth_getTransactionByHash', [plain]);
    expect(() => callsStatus(plain, 31337, info, plainTx, null)).toThrow(expect.objectContaining({ code: 5730 }));
    expect(() => callsStatus(id('no such batch'), 31337, info, null, null)).toThrow(expect.objectContaining({ code: 5730 }));
  });
});
