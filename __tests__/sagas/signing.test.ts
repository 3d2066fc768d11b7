// Signing and sending (docs/behaviour.md §7) through the real store and sagas, with faithful fake wallets
// that sign with anvil's first key, and a fake chain node behind the read layer for receipts; a real
// anvil where the chain is asked whether a signature is the account's (smart accounts, §7.8).
import { SigningKey, TypedDataEncoder, Wallet, hashMessage, id } from 'ethers';
import validator from '../../contracts/SignatureCheck.json';
import { counterfactualAccount, createCalldata, deploy, deployFactory, deployOwnedAccount, wrap6492 } from '../../contracts/testAccounts';
import { startAnvil, type Anvil } from '../support/anvil';
import { SETUP_TIMEOUT_MS, TEARDOWN_TIMEOUT_MS } from '../support/lifecycle';
import { freePort } from '../support/ports';
import { advanceUntil, useFakeClock } from '../support/wait';
import { FakeConnector, FakeEip1193Provider, HANG, injectedWith, rpcError } from '../support/fakeProvider';
import { FakeNode } from '../support/fakeNode';
import { WAIT_MS } from '../support/lifecycle';
import { startWalletApp, type HarnessOptions } from '../support/walletHarness';
import { chainApi } from '../../store/chainApi';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { createRpcRuntime } from '../../src/lib/rpc';
import { messageToHex, sampleTypedData } from '../../src/lib/typedData';
import { selectConnectionStatus } from '../../store/selectors';
import { selectWalletPrompt } from '../../store/signingSelectors';
import { signingActions as s, type SigningInput, type SigningKind } from '../../store/signingSlice';
import type { RootState } from '../../store/types';
import type { ConnectionId } from '../../src/lib/connectors/types';

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const HASH = `0x${'ab'.repeat(32)}`;
const DEV_URL = 'http://127.0.0.1:8545';

const signer = new Wallet(KEY);

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((f) => f());
  stops = [];
  jest.useRealTimers();
});

/** The wallet signs personal_sign / eth_signTypedData_v4 with a key (anvil's first by default). */
function signingWallet(options: { key?: string; chainId?: number } = {}): FakeEip1193Provider {
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: options.chainId ?? 31337, knownChains: [31337, 1] });
  const key = new Wallet(options.key ?? KEY);
  wallet.answer('personal_sign', (params) => {
    const [hex] = params as [string, string];
    return key.signMessage(Buffer.from(hex.slice(2), 'hex'));
  });
  wallet.answer('eth_signTypedData_v4', (params) => {
    const [, json] = params as [string, string];
    const data = JSON.parse(json) as { types: Record<string, { name: string; type: string }[]>; domain: Record<string, unknown>; message: Record<string, unknown> };
    const { EIP712Domain: _domain, ...types } = data.types;
    return key.signTypedData(data.domain, types, data.message);
  });
  wallet.answer('eth_sendTransaction', () => HASH);
  return wallet;
}

const connected = (id: ConnectionId) => (state: RootState) => selectConnectionStatus(state, id) === 'Connected';

async function start(wallet: FakeEip1193Provider, options: HarnessOptions & { node?: FakeNode; kind?: ConnectionId; rpcUrl?: string } = {}) {
  const kind = options.kind ?? 'injected';
  const node = options.node ?? new FakeNode();
  const chains = options.chains ?? buildChainTable({}, options.rpcUrl ?? DEV_URL);
  const connector = kind === 'injected' ? injectedWith(wallet) : new FakeConnector(kind, wallet);
  const app = startWalletApp({
    ...options,
    chains,
    connectors: { [kind]: connector },
    // A real node (anvil, or a port nobody listens on) when the test names one; else the fake node.
    rpc: options.rpcUrl ? createRpcRuntime(chains, { timeoutMs: WAIT_MS }) : createRpcRuntime(chains, { fetch: node.fetch, timeoutMs: 500 }),
    signingTimeouts: { noticeMs: 50, pollMs: 20, busyRetryMs: 20, ...options.signingTimeouts },
  });
  stops.push(app.stop);
  if (kind !== 'injected') app.store.dispatch({ type: 'wallet/connectRequested', payload: { id: kind } });
  await app.waitFor(connected(kind));
  const request = (input: SigningInput, target: { account?: string; chainId?: number } = {}) =>
    app.store.dispatch(s.requested({ connectionId: kind, account: target.account ?? ACCOUNT, chainId: target.chainId ?? 31337, input }));
  const requestOf = (k: SigningKind) => app.store.getState().signing.requests[k];
  const until = (k: SigningKind, status: string, ms = WAIT_MS) => app.waitFor((st) => st.signing.requests[k]?.status === status, ms);
  return { ...app, node, connector, request, requestOf, until };
}

let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil();
}, SETUP_TIMEOUT_MS);
afterAll(() => anvil?.stop(), TEARDOWN_TIMEOUT_MS);

describe('sign a message (personal_sign)', () => {
  it('asks the wallet with the hex of the UTF-8 text and the account, and shows the recovered signer', async () => {
    const wallet = signingWallet();
    const app = await start(wallet);
    app.request({ kind: 'message', message: 'Hello, Walletdeck ✓' });
    await app.until('message', 'signed');
    const request = app.requestOf('message')!;
    expect(request.signer).toBe(ACCOUNT);
    expect(request.signature).toBe(await signer.signMessage('Hello, Walletdeck ✓'));
    expect(request.error).toBeUndefined();
    expect(wallet.requests.find((r) => r.method === 'personal_sign')?.params).toEqual([messageToHex('Hello, Walletdeck ✓'), ACCOUNT]);
    // The state stays plain JSON.
    expect(JSON.parse(JSON.stringify(app.store.getState().signing))).toEqual(app.store.getState().signing);
  });

  it('a signature from another key is a clear error, not a success, once the chain says no too', async () => {
    const app = await start(signingWallet({ key: OTHER_KEY }), { rpcUrl: anvil.url });
    app.request({ kind: 'message', message: 'hi' });
    await app.until('message', 'failed');
    expect(app.requestOf('message')).toMatchObject({
      signer: OTHER,
      error: { name: 'SignerMismatchError', message: `The signature is from ${OTHER}, not from the connected account ${ACCOUNT}` },
    });
  });

  it('an answer that is not a signature is an error', async () => {
    const wallet = signingWallet();
    wallet.answer('personal_sign', () => ({ signature: 'yes' }));
    const app = await start(wallet);
    app.request({ kind: 'message', message: 'hi' });
    await app.until('message', 'failed');
    expect(app.requestOf('message')?.error).toEqual({
      name: 'InvalidWalletAnswerError',
      message: 'The wallet answered with something that is not a signature',
    });
  });

  it('an empty message never reaches the wallet', async () => {
    const wallet = signingWallet();
    const app = await start(wallet);
    app.request({ kind: 'message', message: '' });
    await app.until('message', 'failed');
    expect(app.requestOf('message')?.error?.message).toBe('Write a message to sign');
    expect(wallet.count('personal_sign')).toBe(0);
  });
});

describe('sign typed data (eth_signTypedData_v4)', () => {
  it('sends the validated data as JSON with EIP712Domain declared and verifies the signer', async () => {
    const wallet = signingWallet();
    const app = await start(wallet);
    app.request({ kind: 'typedData', text: sampleTypedData(31337) });
    await app.until('typedData', 'signed');
    expect(app.requestOf('typedData')?.signer).toBe(ACCOUNT);
    const [account, json] = wallet.requests.find((r) => r.method === 'eth_signTypedData_v4')?.params as [string, string];
    expect(account).toBe(ACCOUNT);
    expect(JSON.parse(json)).toMatchObject({ primaryType: 'Mail', domain: { chainId: 31337 }, types: { EIP712Domain: expect.any(Array) } });
  });

  it('data for another chain is refused before the wallet is asked', async () => {
    const wallet = signingWallet();
    const app = await start(wallet);
    app.request({ kind: 'typedData', text: sampleTypedData(1) });
    await app.until('typedData', 'failed');
    expect(app.requestOf('typedData')?.error).toEqual({
      name: 'InvalidSigningInputError',
      message: "The domain's chainId 1 is not the connected chain 31337",
    });
    expect(wallet.count('eth_signTypedData_v4')).toBe(0);
  });

  it('data with a missing field is refused with the message of docs/behaviour.md §7.3', async () => {
    const wallet = signingWallet();
    const app = await start(wallet);
    const data = JSON.parse(sampleTypedData(31337)) as { message: Record<string, unknown> };
    delete data.message['contents'];
    app.request({ kind: 'typedData', text: JSON.stringify(data) });
    await app.until('typedData', 'failed');
    expect(app.requestOf('typedData')?.error?.message).toBe('missing value for field contents of type string');
    expect(wallet.count('eth_signTypedData_v4')).toBe(0);
  });

  it('4200: a wallet without eth_signTypedData_v4 says the method is unsupported', async () => {
    const wallet = signingWallet();
    wallet.answer('eth_signTypedData_v4', () => {
      throw rpcError(4200, 'The method eth_signTypedData_v4 is not supported.');
    });
    const app = await start(wallet);
    app.request({ kind: 'typedData', text: sampleTypedData(31337) });
    await app.until('typedData', 'failed');
    expect(app.requestOf('typedData')?.error).toEqual({
      name: 'UnsupportedMethodError',
      code: 4200,
      message: 'The requested method is not supported by this Ethereum provider.',
      walletMessage: 'The method eth_signTypedData_v4 is not supported.',
    });
  });
});

describe("the user's own refusal (4001)", () => {
  it('is "declined", with the catalogue message and the wallet\'s own words in state', async () => {
    const wallet = signingWallet();
    wallet.answer('personal_sign', () => {
      throw rpcError(4001, 'MetaMask Message Signature: User denied message signature.');
    });
    const app = await start(wallet);
    app.request({ kind: 'message', message: 'hi' });
    await app.until('message', 'declined');
    expect(app.requestOf('message')?.error).toEqual({
      name: 'UserRejectedRequestError',
      code: 4001,
      message: 'User rejected the request.',
      walletMessage: 'MetaMask Message Signature: User denied message signature.',
    });
  });
});

describe('-32002: the wallet already has a request open', () => {
  it('waits (asking again) instead of failing, and signs once the wallet is free', async () => {
    const wallet = signingWallet();
    let busy = 3;
    const sign = (params: unknown) => signer.signMessage(Buffer.from((params as [string])[0].slice(2), 'hex'));
    wallet.answer('personal_sign', (params) => {
      if (busy-- > 0) throw rpcError(-32002, 'Request of type personal_sign already pending');
      return sign(params);
    });
    const app = await start(wallet);
    app.request({ kind: 'message', message: 'hi' });
    await app.waitFor((st) => st.signing.requests.message?.walletBusy === true);
    expect(app.requestOf('message')?.status).toBe('waiting');
    await app.until('message', 'signed');
    expect(wallet.count('personal_sign')).toBe(4);
    expect(app.requestOf('message')?.walletBusy).toBeUndefined();
  });
});

describe('a wallet that never answers', () => {
  it('can be abandoned (Stop waiting); a late answer changes nothing', async () => {
    const wallet = signingWallet();
    let answer: (value: unknown) => void = () => undefined;
    wallet.answer('personal_sign', () => new Promise((resolve) => (answer = resolve)));
    const app = await start(wallet);
    app.request({ kind: 'message', message: 'hi' });
    await app.until('message', 'waiting');
    app.store.dispatch(s.abandonRequested({ kind: 'message' }));
    expect(app.requestOf('message')?.status).toBe('abandoned');
    answer(await signer.signMessage('hi'));
    await app.settle(50);
    expect(app.requestOf('message')).toMatchObject({ status: 'abandoned' });
    expect(app.requestOf('message')?.signature).toBeUndefined();
    // A new request is sent afresh.
    wallet.answer('personal_sign', () => signer.signMessage('again'));
    app.request({ kind: 'message', message: 'again' });
    await app.until('message', 'signed');
  });

  it('times out with a typed error', async () => {
    const wallet = signingWallet();
    wallet.answer('personal_sign', () => HANG);
    const app = await start(wallet, { signingTimeouts: { walletMs: 300 } });
    app.request({ kind: 'message', message: 'hi' });
    await app.until('message', 'failed');
    expect(app.requestOf('message')?.error).toEqual({ name: 'TimeoutError', message: 'Waiting for the wallet timed out after 0 s' });
  });

  it('a provider that never loads times out too', async () => {
    const wallet = signingWallet();
    const app = await start(wallet, { signingTimeouts: { prepareMs: 200 } });
    jest.spyOn(app.connectors.injected!, 'getProvider').mockReturnValue(new Promise(() => undefined));
    app.request({ kind: 'message', message: 'hi' });
    await app.until('message', 'failed');
    expect(app.requestOf('message')?.error?.name).toBe('TimeoutError');
    expect(app.requestOf('message')?.error?.message).toMatch(/^Reaching the wallet timed out/);
  });

  it('a second request of the same kind while one waits sends no second prompt', async () => {
    const wallet = signingWallet();
    wallet.answer('personal_sign', () => HANG);
    const app = await start(wallet);
    app.request({ kind: 'message', message: 'one' });
    await app.until('message', 'waiting');
    const first = app.requestOf('message')?.id;
    app.request({ kind: 'message', message: 'two' });
    await app.settle(30);
    expect(app.requestOf('message')?.id).toBe(first);
    expect(wallet.count('personal_sign')).toBe(1);
  });
});

describe('the account or chain changes while a request waits', () => {
  it('account change: the request is dropped and its late answer is never shown for the new account', async () => {
    const wallet = signingWallet();
    let answer: (value: unknown) => void = () => undefined;
    wallet.answer('personal_sign', () => new Promise((resolve) => (answer = resolve)));
    const app = await start(wallet);
    app.request({ kind: 'message', message: 'hi' });
    await app.until('message', 'waiting');
    wallet.accounts = [OTHER.toLowerCase()];
    wallet.emit('accountsChanged', [OTHER.toLowerCase()]);
    await app.until('message', 'dropped');
    expect(app.requestOf('message')?.error).toEqual({
      name: 'RequestDroppedError',
      message: `The account changed from ${ACCOUNT} to ${OTHER} while the request waited: its answer is not shown.`,
    });
    answer(await signer.signMessage('hi'));
    await app.settle(50);
    expect(app.requestOf('message')?.status).toBe('dropped');
    expect(app.requestOf('message')?.signature).toBeUndefined();
    expect(app.store.getState().wallet.connections.injected.accounts).toEqual([OTHER]);
  });

  it('chain change: dropped the same way', async () => {
    const wallet = signingWallet();
    wallet.answer('eth_signTypedData_v4', () => HANG);
    const app = await start(wallet);
    app.request({ kind: 'typedData', text: sampleTypedData(31337) });
    await app.until('typedData', 'waiting');
    wallet.setChain(1);
    await app.until('typedData', 'dropped');
    expect(app.requestOf('typedData')?.error?.message).toBe('The chain changed from 31337 to 1 while the request waited: its answer is not shown.');
  });

  it('an answer that arrives together with the change is dropped, not shown', async () => {
    const wallet = signingWallet();
    wallet.answer('personal_sign', async () => {
      const signature = await signer.signMessage('hi');
      wallet.accounts = [OTHER.toLowerCase()];
      wallet.emit('accountsChanged', [OTHER.toLowerCase()]);
      return signature;
    });
    const app = await start(wallet);
    app.request({ kind: 'message', message: 'hi' });
    await app.until('message', 'dropped');
    expect(app.requestOf('message')?.signature).toBeUndefined();
  });

  it('a request made for an account the connection no longer has is dropped before the wallet is asked', async () => {
    const wallet = signingWallet();
    const app = await start(wallet);
    app.request({ kind: 'message', message: 'hi' }, { account: OTHER });
    await app.until('message', 'dropped');
    expect(wallet.count('personal_sign')).toBe(0);
  });

  it('a disconnect drops it too', async () => {
    const wallet = signingWallet();
    wallet.answer('personal_sign', () => HANG);
    const app = await start(wallet);
    app.request({ kind: 'message', message: 'hi' });
    await app.until('message', 'waiting');
    app.store.dispatch({ type: 'wallet/disconnectRequested', payload: { id: 'injected' } });
    await app.until('message', 'dropped');
    expect(app.requestOf('message')?.error?.message).toBe('The wallet disconnected while the request waited: its answer is not shown.');
  });
});

describe('send a transaction (eth_sendTransaction)', () => {
  const transfer: SigningInput = { kind: 'transaction', to: OTHER, valueWei: '1000000000000000000', gas: '0x5208' };
  const sent = (app: { store: { getState(): RootState } }) => app.store.getState().transactions.list;

  it('sends from the account; the hash ends the request and the transaction is followed on the public endpoints to confirmed, refreshing balances', async () => {
    const wallet = signingWallet();
    const node = new FakeNode();
    const app = await start(wallet, { node, transactions: { now: () => 1_000 } });
    const balance = app.store.dispatch(chainApi.endpoints.getBalance.initiate({ chainId: 31337, address: ACCOUNT }));
    await app.waitFor((st) => chainApi.endpoints.getBalance.select({ chainId: 31337, address: ACCOUNT })(st).data !== undefined);
    const balanceReads = () => node.calls.filter((m) => m === 'eth_getBalance').length;
    const before = balanceReads();
    app.request({ ...transfer, toName: 'bob.test' });
    await app.until('transaction', 'sent');
    expect(app.requestOf('transaction')).toMatchObject({ hash: HASH, status: 'sent' });
    expect(sent(app)).toEqual([
      { via: { kind: 'transaction' }, hash: HASH, chainId: 31337, account: ACCOUNT, transfers: [{ to: OTHER, toName: 'bob.test', valueWei: '1000000000000000000' }], status: 'pending', sentAt: 1_000 },
    ]);
    expect(app.store.getState().transactions.toasts).toEqual([`31337:${HASH}`]);
    expect(wallet.requests.find((r) => r.method === 'eth_sendTransaction')?.params).toEqual([
      { from: ACCOUNT, to: OTHER, value: '0xde0b6b3a7640000', gas: '0x5208' },
    ]);
    await app.waitFor(() => node.calls.includes('eth_getTransactionReceipt'));
    // Mined after the latest block the page has read (the fake node's 16): the page reads again (§10.2).
    node.mined(HASH, 17);
    await app.waitFor((st) => st.transactions.list[0]?.status === 'confirmed');
    expect(sent(app)[0]?.blockNumber).toBe(17);
    await app.waitFor(() => balanceReads() > before);
    balance.unsubscribe();
  });

  it('a reverted transaction is shown as failed in its block', async () => {
    const node = new FakeNode();
    node.mined(HASH, 9, false);
    const app = await start(signingWallet(), { node });
    app.request(transfer);
    await app.waitFor((st) => st.transactions.list[0]?.status === 'failed');
    expect(sent(app)[0]).toMatchObject({ hash: HASH, status: 'failed', blockNumber: 9 });
  });

  it('a malformed receipt is not believed: following goes on until a valid one', async () => {
    const node = new FakeNode();
    node.receipts.set(HASH, { transactionHash: `0x${'cd'.repeat(32)}`, blockNumber: '0x1', status: '0x1' });
    const app = await start(signingWallet(), { node });
    app.request(transfer);
    await app.waitFor(() => node.calls.filter((m) => m === 'eth_getTransactionReceipt').length >= 2);
    expect(sent(app)[0]?.status).toBe('pending');
    node.mined(HASH, 3);
    await app.waitFor((st) => st.transactions.list[0]?.status === 'confirmed');
  });

  it('a transfer edited in the store into nonsense never reaches the wallet', async () => {
    const wallet = signingWallet();
    const app = await start(wallet);
    app.request({ kind: 'transaction', to: '0xnot-an-address', valueWei: '1' });
    await app.until('transaction', 'failed');
    app.request({ kind: 'transaction', to: OTHER, toName: 'no dot', valueWei: '1' });
    await app.until('transaction', 'failed');
    expect(app.requestOf('transaction')?.error).toEqual({ name: 'InvalidSigningInputError', message: '"no dot" is not a recipient name' });
    expect(wallet.count('eth_sendTransaction')).toBe(0);
  });

  it('an answer that is not a hash is an error, and no transaction is recorded', async () => {
    const wallet = signingWallet();
    wallet.answer('eth_sendTransaction', () => '0x1234');
    const app = await start(wallet);
    app.request(transfer);
    await app.until('transaction', 'failed');
    expect(app.requestOf('transaction')?.error).toEqual({ name: 'InvalidWalletAnswerError', message: 'The wallet answered with something that is not a transaction hash' });
    expect(sent(app)).toEqual([]);
  });

  it('no receipt within the time we follow: not confirmed yet, with the hash kept', async () => {
    const app = await start(signingWallet(), { signingTimeouts: { receiptMs: 300 } });
    app.request(transfer);
    await app.waitFor((st) => st.transactions.list[0]?.status === 'unconfirmed');
    expect(sent(app)[0]?.hash).toBe(HASH);
  });

  it('a second transfer may be sent while the first is pending; both are followed', async () => {
    const wallet = signingWallet();
    const second = `0x${'cd'.repeat(32)}`;
    const hashes = [HASH, second];
    wallet.answer('eth_sendTransaction', () => hashes.shift());
    const node = new FakeNode();
    const app = await start(wallet, { node });
    app.request(transfer);
    await app.until('transaction', 'sent');
    app.request({ ...transfer, valueWei: '2' });
    await app.waitFor((st) => st.transactions.list.length === 2);
    node.mined(second, 5);
    node.mined(HASH, 4);
    await app.waitFor((st) => st.transactions.list.every((tx) => tx.status === 'confirmed'));
    expect(app.requestOf('transaction')?.hash).toBe(second);
  });

  it('an account change after the hash does not hide the transaction: it is followed for the account that sent it', async () => {
    const wallet = signingWallet();
    const node = new FakeNode();
    const app = await start(wallet, { node });
    app.request(transfer);
    await app.until('transaction', 'sent');
    wallet.accounts = [OTHER.toLowerCase()];
    wallet.emit('accountsChanged', [OTHER.toLowerCase()]);
    node.mined(HASH, 4);
    await app.waitFor((st) => st.transactions.list[0]?.status === 'confirmed');
    expect(sent(app)[0]?.account).toBe(ACCOUNT);
  });
});

describe('a transfer the wallet answers after something changed (docs/behaviour.md §10.1: never lost from view)', () => {
  const transfer: SigningInput = { kind: 'transaction', to: OTHER, valueWei: '1000000000000000000', gas: '0x5208' };

  function slowWallet() {
    const wallet = signingWallet();
    let answer: (value: unknown) => void = () => undefined;
    wallet.answer('eth_sendTransaction', () => new Promise((resolve) => (answer = resolve)));
    return { wallet, answer: (value: unknown) => answer(value) };
  }

  it('after an account switch: shown and followed for the account and chain it was asked for', async () => {
    const { wallet, answer } = slowWallet();
    const node = new FakeNode();
    const app = await start(wallet, { node });
    app.request(transfer);
    await app.until('transaction', 'waiting');
    wallet.accounts = [OTHER.toLowerCase()];
    wallet.emit('accountsChanged', [OTHER.toLowerCase()]);
    await app.waitFor((st) => st.wallet.connections.injected.accounts?.[0] === OTHER);
    answer(HASH);
    const st = await app.waitFor((s) => s.transactions.list.length === 1);
    expect(st.transactions.list[0]).toMatchObject({ hash: HASH, account: ACCOUNT, chainId: 31337, status: 'pending' });
    expect(st.transactions.toasts).toEqual([`31337:${HASH}`]);
    node.mined(HASH, 12);
    await app.waitFor((s) => s.transactions.list[0]?.status === 'confirmed');
  });

  it('after a chain switch, a disconnect, or the user pressing Stop waiting: still recorded when the wallet sends it', async () => {
    for (const change of ['chain', 'disconnect', 'stop'] as const) {
      const { wallet, answer } = slowWallet();
      const app = await start(wallet);
      app.request(transfer);
      await app.until('transaction', 'waiting');
      if (change === 'chain') wallet.setChain(1);
      if (change === 'disconnect') app.store.dispatch({ type: 'wallet/disconnectRequested', payload: { id: 'injected' } });
      if (change === 'stop') app.store.dispatch(s.abandonRequested({ kind: 'transaction' }));
      await app.settle(30);
      answer(HASH);
      const st = await app.waitFor((state) => state.transactions.list.length === 1);
      expect([change, st.transactions.list[0]]).toEqual([change, expect.objectContaining({ hash: HASH, account: ACCOUNT, chainId: 31337 })]);
    }
  });

  it('a signature answered after an account switch is still never shown', async () => {
    const wallet = signingWallet();
    let answer: (value: unknown) => void = () => undefined;
    wallet.answer('personal_sign', () => new Promise((resolve) => (answer = resolve)));
    const app = await start(wallet);
    app.request({ kind: 'message', message: 'hi' });
    await app.until('message', 'waiting');
    wallet.accounts = [OTHER.toLowerCase()];
    wallet.emit('accountsChanged', [OTHER.toLowerCase()]);
    await app.until('message', 'dropped');
    answer(await signer.signMessage('hi'));
    await app.settle(50);
    expect(JSON.stringify(app.store.getState())).not.toContain((await signer.signMessage('hi')).slice(2, 40));
  });
});

describe('a request waiting on a phone (WalletConnect, Coinbase)', () => {
  it('once the wallet is quiet a moment the request says so ("Confirm on phone"), and not after the answer', async () => {
    const wallet = signingWallet();
    let answer: (value: unknown) => void = () => undefined;
    wallet.answer('personal_sign', () => new Promise((resolve) => (answer = resolve)));
    const app = await start(wallet, { kind: 'walletconnect' });
    app.request({ kind: 'message', message: 'hi' });
    await app.waitFor((st) => selectWalletPrompt(st, 'walletconnect') === 'message');
    expect(app.requestOf('message')?.noAnswerYet).toBe(true);
    answer(await signer.signMessage('hi'));
    await app.until('message', 'signed');
    expect(selectWalletPrompt(app.store.getState(), 'walletconnect')).toBeUndefined();
    expect(app.requestOf('message')?.noAnswerYet).toBeUndefined();
  });

  it("a signature's wait is never the connection's own (no \"Your wallet already has a request waiting\"), even when the connector reports the wallet waiting", async () => {
    const wallet = signingWallet();
    wallet.answer('personal_sign', () => HANG);
    const app = await start(wallet, { kind: 'coinbase' });
    app.request({ kind: 'message', message: 'hi' });
    await app.waitFor((st) => selectWalletPrompt(st, 'coinbase') === 'message');
    (app.connector as FakeConnector).emit({ type: 'awaitingWallet', waiting: true });
    await app.settle(30);
    expect(app.store.getState().wallet.activity.coinbase.awaitingWallet).toBe(false);
    expect(selectWalletPrompt(app.store.getState(), 'coinbase')).toBe('message');
  });

  it('Cancel in that notice abandons the request', async () => {
    const wallet = signingWallet();
    wallet.answer('personal_sign', () => HANG);
    const app = await start(wallet, { kind: 'coinbase' });
    app.request({ kind: 'message', message: 'hi' });
    await app.waitFor((st) => selectWalletPrompt(st, 'coinbase') === 'message');
    app.store.dispatch({ type: 'wallet/walletRequestCancelled', payload: { id: 'coinbase' } });
    await app.until('message', 'abandoned');
    expect(selectWalletPrompt(app.store.getState(), 'coinbase')).toBeUndefined();
  });

  it('a quick answer shows no notice at all', async () => {
    const app = await start(signingWallet(), { kind: 'walletconnect', signingTimeouts: { noticeMs: 1000 } });
    const seen: Array<string | undefined> = [];
    const unsubscribe = app.store.subscribe(() => seen.push(selectWalletPrompt(app.store.getState(), 'walletconnect')));
    app.request({ kind: 'message', message: 'hi' });
    await app.until('message', 'signed');
    unsubscribe();
    expect(seen.filter((p) => p !== undefined)).toEqual([]);
  });
});

describe('a new input clears an old result', () => {
  it('an edit after a signature removes it; an edit while the wallet is asked changes nothing', async () => {
    const wallet = signingWallet();
    const app = await start(wallet);
    app.request({ kind: 'message', message: 'hi' });
    await app.until('message', 'signed');
    app.store.dispatch(s.inputEdited({ kind: 'message' }));
    expect(app.requestOf('message')).toBeUndefined();
    wallet.answer('personal_sign', () => HANG);
    app.request({ kind: 'message', message: 'again' });
    await app.until('message', 'waiting');
    app.store.dispatch(s.inputEdited({ kind: 'message' }));
    expect(app.requestOf('message')?.status).toBe('waiting');
  });
});

/** What an ERC-1271 account's owner key signs for it: the hash itself. */
const ownerSigns = (hash: string, key = OTHER_KEY) => new SigningKey(key).sign(hash).serialized;

/** A wallet of a smart account (Coinbase Smart Wallet, a Safe): it answers with what `sign` makes of the hash. */
function smartWallet(account: string, sign: (hash: string) => string): FakeEip1193Provider {
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: 31337, knownChains: [31337], accounts: [account.toLowerCase()] });
  wallet.answer('personal_sign', (params) => sign(hashMessage(Buffer.from((params as [string])[0].slice(2), 'hex'))));
  wallet.answer('eth_signTypedData_v4', (params) => {
    const [, json] = params as [string, string];
    const data = JSON.parse(json) as { types: Record<string, { name: string; type: string }[]>; domain: Record<string, unknown>; message: Record<string, unknown> };
    const { EIP712Domain: _domain, ...types } = data.types;
    return sign(TypedDataEncoder.hash(data.domain, types, data.message));
  });
  return wallet;
}

describe('smart accounts (docs/behaviour.md §7.8): one check for every account', () => {
  it('a deployed ERC-1271 account: its message and typed data signatures end "Signed and verified"', async () => {
    const account = await deployOwnedAccount(anvil.url, OTHER);
    const app = await start(smartWallet(account, (hash) => ownerSigns(hash)), { rpcUrl: anvil.url });
    app.request({ kind: 'message', message: 'Sign in ✓' }, { account });
    app.request({ kind: 'typedData', text: sampleTypedData(31337) }, { account });
    await app.until('message', 'signed');
    await app.until('typedData', 'signed');
    expect(app.requestOf('message')).toMatchObject({ signer: account, signature: ownerSigns(hashMessage('Sign in ✓')) });
    expect(app.requestOf('message')?.error).toBeUndefined();
    expect(app.requestOf('typedData')?.signer).toBe(account);
  });

  it('an account not deployed yet: its ERC-6492 signature ends "Signed and verified"', async () => {
    const factory = await deployFactory(anvil.url);
    const salt = id('saga test');
    const account = await counterfactualAccount(anvil.url, factory, OTHER, salt);
    const app = await start(smartWallet(account, (hash) => wrap6492(factory, createCalldata(OTHER, salt), ownerSigns(hash))), { rpcUrl: anvil.url });
    app.request({ kind: 'message', message: 'Sign in ✓' }, { account });
    await app.until('message', 'signed');
    expect(app.requestOf('message')?.signer).toBe(account);
    app.request({ kind: 'typedData', text: sampleTypedData(31337) }, { account });
    await app.until('typedData', 'signed');
  });

  it('an account whose contract says no: "not from the connected account", the connection untouched', async () => {
    const account = await deploy(anvil.url, 'RevertingAccount');
    const app = await start(smartWallet(account, () => `0x${'ab'.repeat(120)}`), { rpcUrl: anvil.url });
    app.request({ kind: 'message', message: 'hi' }, { account });
    await app.until('message', 'failed');
    expect(app.requestOf('message')?.error).toEqual({ name: 'SignerMismatchError', message: `The signature is not from the connected account ${account}` });
    expect(selectConnectionStatus(app.store.getState(), 'injected')).toBe('Connected');
  });

  it('an endpoint that does not answer: "could not be checked", with the reason, not invalid', async () => {
    const account = await deployOwnedAccount(anvil.url, OTHER);
    const app = await start(smartWallet(account, (hash) => ownerSigns(hash)), { rpcUrl: `http://127.0.0.1:${await freePort()}` });
    app.request({ kind: 'message', message: 'hi' }, { account });
    await app.until('message', 'unchecked');
    const request = app.requestOf('message')!;
    expect(request.signature).toBe(ownerSigns(hashMessage('hi')));
    expect(request.signer).toBeUndefined();
    expect(request.error?.name).toBe('SignatureUncheckedError');
    expect(request.error?.message).toMatch(/^The signature could not be checked: No RPC endpoint of .* is answering/);
    expect(JSON.parse(JSON.stringify(app.store.getState().signing))).toEqual(app.store.getState().signing);
  });

  it('an answer larger than 16 KiB is refused before anything is checked', async () => {
    const app = await start(smartWallet(OTHER, () => `0x${'ab'.repeat(16 * 1024 + 1)}`), { rpcUrl: anvil.url });
    app.request({ kind: 'message', message: 'hi' }, { account: OTHER });
    await app.until('message', 'failed');
    expect(app.requestOf('message')?.error).toEqual({
      name: 'InvalidWalletAnswerError',
      message: "The wallet's signature is too large: 16385 bytes, at most 16384",
    });
  });

  it('the account changes while the chain is asked: the request is dropped, its verdict never shown for the new account', async () => {
    const account = await deployOwnedAccount(anvil.url, OTHER);
    const wallet = smartWallet(account, (hash) => ownerSigns(hash));
    // The chain is reached through anvil, but the check's eth_call (the validator's code, not the
    // page's name lookups) waits until the test lets it go.
    let release: () => void = () => undefined;
    let asked = false;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = async (url: string, init: RequestInit): Promise<Response> => {
      if (String(init.body).includes(validator.bytecode.slice(2, 66))) {
        asked = true;
        await held;
      }
      return fetch(url.replace(DEV_URL, anvil.url), init);
    };
    const chains = buildChainTable({}, DEV_URL);
    const app = startWalletApp({
      chains,
      connectors: { injected: injectedWith(wallet) },
      rpc: createRpcRuntime(chains, { fetch: holding, timeoutMs: WAIT_MS }),
      signingTimeouts: { noticeMs: 50 },
    });
    stops.push(app.stop);
    await app.waitFor(connected('injected'));
    app.store.dispatch(s.requested({ connectionId: 'injected', account, chainId: 31337, input: { kind: 'message', message: 'hi' } }));
    await app.waitFor(() => asked);
    wallet.accounts = [ACCOUNT.toLowerCase()];
    wallet.emit('accountsChanged', [ACCOUNT.toLowerCase()]);
    await app.waitFor((st) => st.signing.requests.message?.status === 'dropped');
    release();
    await app.settle(50);
    expect(app.store.getState().signing.requests.message).toMatchObject({
      status: 'dropped',
      error: { name: 'RequestDroppedError', message: `The account changed from ${account} to ${ACCOUNT} while the request waited: its answer is not shown.` },
    });
    expect(app.store.getState().signing.requests.message?.signature).toBeUndefined();
  });

  it('a chain that never answers: the check gives up after checkMs (15 s) as "could not be checked"', async () => {
    // The hang guard is the subject: on a fake clock, and an endpoint that never answers at all.
    useFakeClock();
    const account = OTHER;
    const chains = buildChainTable({}, DEV_URL);
    const hanging = jest.fn((_url: string, _init: RequestInit) => new Promise<Response>(() => undefined));
    const wallet = smartWallet(account, (hash) => ownerSigns(hash, KEY));
    const app = startWalletApp({
      chains,
      connectors: { injected: injectedWith(wallet) },
      rpc: createRpcRuntime(chains, { fetch: hanging, timeoutMs: 3_600_000 }),
      signingTimeouts: { noticeMs: 50 },
    });
    stops.push(app.stop);
    await advanceUntil(() => connected('injected')(app.store.getState()), { ms: 1000, what: 'Connected' });
    app.store.dispatch(s.requested({ connectionId: 'injected', account, chainId: 31337, input: { kind: 'message', message: 'hi' } }));
    await advanceUntil(() => hanging.mock.calls.length > 0, { ms: 1000, what: 'the chain asked' });
    await jest.advanceTimersByTimeAsync(14_999);
    expect(app.store.getState().signing.requests.message?.status).toBe('waiting');
    await jest.advanceTimersByTimeAsync(1);
    expect(app.store.getState().signing.requests.message).toMatchObject({
      status: 'unchecked',
      error: { name: 'SignatureUncheckedError', message: 'The signature could not be checked: Asking the chain timed out after 15 s' },
    });
  });
});
