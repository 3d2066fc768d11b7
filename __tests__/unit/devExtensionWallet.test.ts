// The development browser-extension wallet of `npm start` behaves as a real extension does toward a
// site (EIP-1193 and MetaMask's conventions), with a real anvil signing and sending for its unlocked
// test accounts. The prompt is played by a scripted window here; the browser test drives the real one.
import { Wallet, getAddress, verifyMessage } from 'ethers';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { receiptOf, rpc, startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { createDevProvider } from '../../scripts/dev/extension/provider';
import { DevExtensionWallet, STORAGE_KEY, type SessionStore, type WalletRequest, type WalletUi } from '../../scripts/dev/extension/wallet';
import { describeRequest, formatWei, messageText } from '../../scripts/dev/shared/requests';

const ORIGIN = 'http://127.0.0.1:3000';
const [ALICE, BOB] = [TEST_ACCOUNTS[0].address, TEST_ACCOUNTS[1].address];

let anvil: Anvil;
let accounts: string[];

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
  accounts = (await rpc<string[]>(anvil.url, 'eth_accounts')).map((a) => getAddress(a));
}, 30_000);

afterAll(async () => {
  await anvil?.stop();
});

/** The user at the wallet's window: answers each prompt as told, or leaves it open ('wait'). */
class User implements WalletUi {
  readonly asked: WalletRequest[] = [];
  readonly answers: ('approve' | 'reject' | 'wait' | { account: string })[] = [];
  readonly waiting: ((approved: boolean) => void)[] = [];

  ask(request: WalletRequest) {
    this.asked.push(request);
    const answer = this.answers.shift() ?? 'approve';
    if (answer === 'wait') return new Promise<{ approved: boolean }>((resolve) => this.waiting.push((approved) => resolve({ approved })));
    if (typeof answer === 'object') return Promise.resolve({ approved: true, account: answer.account });
    return Promise.resolve({ approved: answer === 'approve', ...(request.accounts ? { account: request.accounts.selected } : {}) });
  }
}

class MemoryStore implements SessionStore {
  readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

function makeWallet(store: SessionStore | undefined = new MemoryStore(), user = new User()) {
  const wallet = new DevExtensionWallet({ chainUrl: anvil.url, chainId: 31337, chainName: 'Local development chain', accounts }, user, store, ORIGIN);
  const events: unknown[] = [];
  wallet.subscribe((event) => events.push(event));
  return { wallet, user, events, store };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: { code?: unknown; message?: unknown }) => ({ code: error.code, message: error.message }),
  );

const OPTIMISM = { chainId: '0xa', chainName: 'Optimism', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['https://mainnet.optimism.io'] };

describe('connecting a site', () => {
  it('shows no account until the user approves, then the account picked in the prompt', async () => {
    const { wallet, user, events } = makeWallet();
    await expect(wallet.request('eth_accounts', [])).resolves.toEqual([]);
    user.answers.push({ account: BOB });
    await expect(wallet.request('eth_requestAccounts', [])).resolves.toEqual([BOB]);
    // The prompt offered the local chain's test accounts, the first chosen at first.
    expect(user.asked[0]).toMatchObject({ method: 'eth_requestAccounts', accounts: { choices: accounts, selected: ALICE } });
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [BOB] }]);
    await expect(wallet.request('eth_accounts', [])).resolves.toEqual([BOB]);
    // Approved once: a second request does not ask again.
    await expect(wallet.request('eth_requestAccounts', [])).resolves.toEqual([BOB]);
    expect(user.asked).toHaveLength(1);
  });

  it('answers 4001 when the user rejects, and still shows no account', async () => {
    const { wallet, user, events } = makeWallet();
    user.answers.push('reject');
    await expect(failure(wallet.request('eth_requestAccounts', []))).resolves.toEqual({ code: 4001, message: 'User rejected the request.' });
    await expect(wallet.request('eth_accounts', [])).resolves.toEqual([]);
    expect(events).toEqual([]);
  });

  it('answers -32002 to a second connect while the first prompt is open', async () => {
    const { wallet, user } = makeWallet();
    user.answers.push('wait');
    const first = wallet.request('eth_requestAccounts', []);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(failure(wallet.request('eth_requestAccounts', []))).resolves.toMatchObject({ code: -32002 });
    user.waiting[0]!(true);
    await expect(first).resolves.toEqual([ALICE]);
  });

  it('remembers the site for the session (a reload), not for another session', async () => {
    const store = new MemoryStore();
    const { wallet } = makeWallet(store);
    await wallet.request('eth_requestAccounts', []);
    const reloaded = makeWallet(store);
    await expect(reloaded.wallet.request('eth_accounts', [])).resolves.toEqual([ALICE]);
    await expect(reloaded.wallet.request('wallet_getPermissions', [])).resolves.toEqual([
      { parentCapability: 'eth_accounts', invoker: ORIGIN, caveats: [{ type: 'restrictReturnedAccounts', value: [ALICE] }] },
    ]);
    expect(reloaded.user.asked).toEqual([]);
    await expect(makeWallet(new MemoryStore()).wallet.request('eth_accounts', [])).resolves.toEqual([]);
  });

  it('works from memory when storage refuses, and ignores what it cannot read', async () => {
    const refusing: SessionStore = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    const { wallet } = makeWallet(refusing);
    await expect(wallet.request('eth_requestAccounts', [])).resolves.toEqual([ALICE]);
    const garbled = new MemoryStore();
    garbled.setItem(STORAGE_KEY, '{"connected":true,"account":"0x0000000000000000000000000000000000000001","chainId":31337,"chains":[]}');
    await expect(makeWallet(garbled).wallet.request('eth_accounts', [])).resolves.toEqual([]);
  });

  it('forgets the site on wallet_revokePermissions and tells it (accountsChanged [])', async () => {
    const { wallet, events } = makeWallet();
    await wallet.request('eth_requestAccounts', []);
    await expect(wallet.request('wallet_revokePermissions', [{ eth_accounts: {} }])).resolves.toBeNull();
    await expect(wallet.request('eth_accounts', [])).resolves.toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'accountsChanged', accounts: [] });
  });

  it('shows a connected site the account the user picks in the wallet', async () => {
    const { wallet, events } = makeWallet();
    wallet.selectAccount(BOB);
    expect(events).toEqual([]);
    await wallet.request('eth_requestAccounts', []);
    wallet.selectAccount(ALICE);
    expect(events.at(-1)).toEqual({ type: 'accountsChanged', accounts: [ALICE] });
  });
});

describe('networks', () => {
  it('answers 4902 for a chain it does not know; adding it asks, then switches (chainChanged in hex)', async () => {
    const { wallet, user, events } = makeWallet();
    await expect(wallet.request('eth_chainId', [])).resolves.toBe('0x7a69');
    await expect(failure(wallet.request('wallet_switchEthereumChain', [{ chainId: '0xa' }]))).resolves.toMatchObject({ code: 4902 });
    expect(user.asked).toEqual([]);
    await expect(wallet.request('wallet_addEthereumChain', [OPTIMISM])).resolves.toBeNull();
    expect(user.asked.map((r) => r.method)).toEqual(['wallet_addEthereumChain']);
    expect(events).toEqual([{ type: 'chainChanged', chainId: '0xa' }]);
    await expect(wallet.request('eth_chainId', [])).resolves.toBe('0xa');
    await expect(wallet.request('net_version', [])).resolves.toBe('10');
    // Back to the local chain: it asks, as for any switch.
    user.answers.push('reject');
    await expect(failure(wallet.request('wallet_switchEthereumChain', [{ chainId: '0x7a69' }]))).resolves.toMatchObject({ code: 4001 });
    await expect(wallet.request('eth_chainId', [])).resolves.toBe('0xa');
    await expect(wallet.request('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).resolves.toBeNull();
    expect(events.at(-1)).toEqual({ type: 'chainChanged', chainId: '0x7a69' });
  });

  it('refuses malformed chain parameters with -32602', async () => {
    const { wallet } = makeWallet();
    await expect(failure(wallet.request('wallet_switchEthereumChain', [{ chainId: 10 }]))).resolves.toMatchObject({ code: -32602 });
    await expect(failure(wallet.request('wallet_addEthereumChain', [{ ...OPTIMISM, rpcUrls: [] }]))).resolves.toMatchObject({ code: -32602 });
  });

  it('reads from the node of the network it is on', async () => {
    const { wallet } = makeWallet();
    await expect(wallet.request('eth_getBalance', [ALICE, 'latest'])).resolves.toBe(await rpc(anvil.url, 'eth_getBalance', [ALICE, 'latest']));
  });
});

describe('signing and sending', () => {
  it('refuses before the site is connected (4100), and for an account it was not given', async () => {
    const { wallet, user } = makeWallet();
    await expect(failure(wallet.request('personal_sign', ['0x6869', ALICE]))).resolves.toMatchObject({ code: 4100 });
    await wallet.request('eth_requestAccounts', []);
    await expect(failure(wallet.request('personal_sign', ['0x6869', BOB]))).resolves.toMatchObject({ code: 4100 });
    expect(user.asked.map((r) => r.method)).toEqual(['eth_requestAccounts']);
  });

  it('asks, then the local chain signs: the signature recovers to the account; a refusal is 4001', async () => {
    const { wallet, user } = makeWallet();
    await wallet.request('eth_requestAccounts', []);
    const message = '0x48656c6c6f2c20646576';
    const signature = (await wallet.request('personal_sign', [message, ALICE])) as string;
    expect(verifyMessage('Hello, dev', signature)).toBe(ALICE);
    expect(user.asked.at(-1)).toMatchObject({ method: 'personal_sign', params: [message, ALICE] });
    user.answers.push('reject');
    await expect(failure(wallet.request('personal_sign', [message, ALICE]))).resolves.toEqual({ code: 4001, message: 'User rejected the request.' });
  });

  it('sends on the local chain; on another network it refuses before asking', async () => {
    const { wallet, user } = makeWallet();
    await wallet.request('eth_requestAccounts', []);
    const to = Wallet.createRandom().address;
    const hash = (await wallet.request('eth_sendTransaction', [{ from: ALICE, to, value: '0x2386f26fc10000' }])) as string;
    const receipt = await receiptOf(anvil.url, hash);
    expect(receipt.status).toBe('0x1');
    expect(BigInt(await rpc<string>(anvil.url, 'eth_getBalance', [to, 'latest']))).toBe(10n ** 16n);

    await wallet.request('wallet_addEthereumChain', [OPTIMISM]);
    const asked = user.asked.length;
    await expect(failure(wallet.request('eth_sendTransaction', [{ from: ALICE, to, value: '0x1' }]))).resolves.toMatchObject({ code: 4200 });
    expect(user.asked).toHaveLength(asked);
  });
});

describe('connecting and signing in with one approval (ERC-7846 wallet_connect)', () => {
  const NONCE = 'k3Xq9LmZ2pTa';
  const signInWith = (fields: Record<string, unknown>) => [{ version: '1', capabilities: { signInWithEthereum: { nonce: NONCE, chainId: '0x7a69', ...fields } } }];
  type Result = { accounts: { address: string; capabilities: { signInWithEthereum?: { message: string; signature: string } } }[] };

  it('one prompt connects the site and signs the EIP-4361 message of the requested fields', async () => {
    const { wallet, user, events } = makeWallet();
    user.answers.push({ account: BOB });
    const fields = {
      scheme: 'https',
      domain: 'app.example.org',
      uri: 'https://app.example.org/login',
      statement: 'Sign in to Walletdeck.',
      issuedAt: '2026-01-02T03:04:05.678Z',
      expirationTime: '2026-01-02T04:04:05.678Z',
      notBefore: '2026-01-02T03:00:00.000Z',
      requestId: 'request-7',
      resources: ['https://app.example.org/terms', 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq'],
    };
    const result = (await wallet.request('wallet_connect', signInWith(fields))) as Result;

    const expected = createSiweMessage({
      address: BOB as `0x${string}`,
      chainId: 31337,
      nonce: NONCE,
      version: '1',
      scheme: 'https',
      domain: 'app.example.org',
      uri: 'https://app.example.org/login',
      statement: 'Sign in to Walletdeck.',
      issuedAt: new Date('2026-01-02T03:04:05.678Z'),
      expirationTime: new Date('2026-01-02T04:04:05.678Z'),
      notBefore: new Date('2026-01-02T03:00:00.000Z'),
      requestId: 'request-7',
      resources: fields.resources,
    });
    expect(result).toEqual({ accounts: [{ address: BOB, capabilities: { signInWithEthereum: { message: expected, signature: expect.stringMatching(/^0x[0-9a-f]{130}$/) } } }] });
    const { message, signature } = result.accounts[0]!.capabilities.signInWithEthereum!;
    expect(message.startsWith(`https://app.example.org wants you to sign in with your Ethereum account:\n${BOB}\n`)).toBe(true);
    expect(verifyMessage(message, signature)).toBe(BOB);

    // One prompt, with the account picker; the site is connected as a connect connects it.
    expect(user.asked).toHaveLength(1);
    expect(user.asked[0]).toMatchObject({ method: 'wallet_connect', accounts: { choices: accounts, selected: ALICE } });
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [BOB] }]);
    await expect(wallet.request('eth_accounts', [])).resolves.toEqual([BOB]);
    // The wallet did not switch network for the message.
    await expect(wallet.request('eth_chainId', [])).resolves.toBe('0x7a69');
  });

  it('fills domain (host of the origin), uri (the origin), issuedAt (now) and version; no scheme unless given', async () => {
    const { wallet, user } = makeWallet();
    const before = Date.now();
    const result = (await wallet.request('wallet_connect', signInWith({}))) as Result;
    const after = Date.now();
    const { message, signature } = result.accounts[0]!.capabilities.signInWithEthereum!;
    const parsed = parseSiweMessage(message);
    expect(parsed).toMatchObject({ domain: '127.0.0.1:3000', uri: ORIGIN, version: '1', chainId: 31337, nonce: NONCE, address: ALICE });
    expect(parsed.scheme).toBeUndefined();
    expect(parsed.statement).toBeUndefined();
    const issuedAt = parsed.issuedAt!.getTime();
    expect(issuedAt).toBeGreaterThanOrEqual(before);
    expect(issuedAt).toBeLessThanOrEqual(after);
    expect(message).toBe(
      createSiweMessage({ address: ALICE as `0x${string}`, chainId: 31337, domain: '127.0.0.1:3000', uri: ORIGIN, version: '1', nonce: NONCE, issuedAt: parsed.issuedAt! }),
    );
    expect(verifyMessage(message, signature)).toBe(ALICE);
    // The prompt was shown the same defaults, so the message it showed is the one signed.
    const shown = describeRequest('wallet_connect', user.asked[0]!.params, { 31337: 'Local development chain' }, { origin: ORIGIN, account: ALICE, connecting: true });
    expect(shown.details).toContainEqual({ label: 'Message', value: message, code: true });
  });

  it('a rejection is 4001 and leaves the site unconnected', async () => {
    const { wallet, user, events } = makeWallet();
    user.answers.push('reject');
    await expect(failure(wallet.request('wallet_connect', signInWith({ statement: 'Hi' })))).resolves.toEqual({ code: 4001, message: 'User rejected the request.' });
    await expect(wallet.request('eth_accounts', [])).resolves.toEqual([]);
    await expect(wallet.request('wallet_getPermissions', [])).resolves.toEqual([]);
    expect(events).toEqual([]);
    expect(wallet.connected).toBe(false);
  });

  it('a connected site is still asked (as a sign-in, for its account), and a refusal leaves it connected', async () => {
    const { wallet, user } = makeWallet();
    user.answers.push({ account: BOB });
    await wallet.request('eth_requestAccounts', []);
    const result = (await wallet.request('wallet_connect', signInWith({}))) as Result;
    expect(result.accounts.map((a) => a.address)).toEqual([BOB]);
    const { message, signature } = result.accounts[0]!.capabilities.signInWithEthereum!;
    expect(parseSiweMessage(message).address).toBe(BOB);
    expect(verifyMessage(message, signature)).toBe(BOB);
    expect(user.asked).toHaveLength(2);
    expect(user.asked[1]).toMatchObject({ method: 'wallet_connect', account: BOB });
    expect(user.asked[1]!.accounts).toBeUndefined();
    user.answers.push('reject');
    await expect(failure(wallet.request('wallet_connect', signInWith({})))).resolves.toMatchObject({ code: 4001 });
    await expect(wallet.request('eth_accounts', [])).resolves.toEqual([BOB]);
  });

  it('signs for the chain the site names, a known one, without switching to it', async () => {
    const { wallet, user } = makeWallet();
    await expect(failure(wallet.request('wallet_connect', signInWith({ chainId: '0xa' })))).resolves.toMatchObject({ code: 4902 });
    expect(user.asked).toEqual([]);
    await wallet.request('wallet_addEthereumChain', [OPTIMISM]);
    await wallet.request('wallet_switchEthereumChain', [{ chainId: '0x7a69' }]);
    const result = (await wallet.request('wallet_connect', signInWith({ chainId: '0xa' }))) as Result;
    expect(parseSiweMessage(result.accounts[0]!.capabilities.signInWithEthereum!.message).chainId).toBe(10);
    await expect(wallet.request('eth_chainId', [])).resolves.toBe('0x7a69');
  });

  it.each<[string, unknown]>([
    ['no params', undefined],
    ['an object, not a list', { version: '1' }],
    ['two entries', [{ version: '1' }, { version: '1' }]],
    ['no version', [{}]],
    ['version 2', [{ version: '2' }]],
    ['version as a number', [{ version: 1 }]],
    ['capabilities not an object', [{ version: '1', capabilities: 'siwe' }]],
    ['signInWithEthereum not an object', [{ version: '1', capabilities: { signInWithEthereum: true } }]],
    ['no nonce', [{ version: '1', capabilities: { signInWithEthereum: { chainId: '0x7a69' } } }]],
    ['a short nonce', signInWith({ nonce: 'abc1234' })],
    ['a nonce with punctuation', signInWith({ nonce: 'abcd-12345' })],
    ['no chainId', [{ version: '1', capabilities: { signInWithEthereum: { nonce: NONCE } } }]],
    ['a decimal chainId', signInWith({ chainId: '31337' })],
    ['a numeric chainId', signInWith({ chainId: 31337 })],
    ['message version 2', signInWith({ version: '2' })],
    ['a numeric statement', signInWith({ statement: 42 })],
    ['a statement of two lines', signInWith({ statement: 'one\ntwo' })],
    ['a domain that is no authority', signInWith({ domain: 'not a domain' })],
    ['a uri that is no URI', signInWith({ uri: 'not a uri' })],
    ['a numeric issuedAt', signInWith({ issuedAt: 1735689600000 })],
    ['an issuedAt that is no date', signInWith({ issuedAt: 'yesterday' })],
    ['an expirationTime without zone', signInWith({ expirationTime: '2026-01-01T00:00:00' })],
    ['resources not a list', signInWith({ resources: 'https://example.org' })],
    ['a resource that is no URI', signInWith({ resources: ['not a uri'] })],
    ['a bad scheme', signInWith({ scheme: '1http' })],
  ])('refuses %s with -32602, before asking', async (_, params) => {
    const { wallet, user } = makeWallet();
    await expect(failure(wallet.request('wallet_connect', params))).resolves.toMatchObject({ code: -32602 });
    expect(user.asked).toEqual([]);
    expect(wallet.connected).toBe(false);
  });

  it('without the capability, connects as eth_requestAccounts does', async () => {
    const { wallet, user, events } = makeWallet();
    user.answers.push({ account: BOB });
    await expect(wallet.request('wallet_connect', [{ version: '1' }])).resolves.toEqual({ accounts: [{ address: BOB, capabilities: {} }] });
    expect(user.asked[0]).toMatchObject({ method: 'wallet_connect', accounts: { choices: accounts, selected: ALICE } });
    expect(describeRequest('wallet_connect', user.asked[0]!.params)).toEqual(describeRequest('eth_requestAccounts', []));
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [BOB] }]);
    // Connected: no second prompt; other capabilities are ignored.
    await expect(wallet.request('wallet_connect', [{ version: '1', capabilities: { somethingElse: {} } }])).resolves.toEqual({ accounts: [{ address: BOB, capabilities: {} }] });
    expect(user.asked).toHaveLength(1);
    await expect(wallet.request('eth_accounts', [])).resolves.toEqual([BOB]);
  });

  it('a rejected plain wallet_connect is 4001; a second connect while one is open is -32002', async () => {
    const { wallet, user } = makeWallet();
    user.answers.push('reject');
    await expect(failure(wallet.request('wallet_connect', [{ version: '1', capabilities: {} }]))).resolves.toMatchObject({ code: 4001 });
    await expect(wallet.request('eth_accounts', [])).resolves.toEqual([]);
    user.answers.push('wait');
    const first = wallet.request('wallet_connect', signInWith({}));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(failure(wallet.request('eth_requestAccounts', []))).resolves.toMatchObject({ code: -32002 });
    await expect(failure(wallet.request('wallet_connect', [{ version: '1' }]))).resolves.toMatchObject({ code: -32002 });
    user.waiting[0]!(true);
    await expect(first).resolves.toMatchObject({ accounts: [{ address: ALICE }] });
  });

  it('reaches the site through the in-page provider, with accountsChanged', async () => {
    const { wallet } = makeWallet();
    const provider = createDevProvider(wallet);
    const seen: unknown[] = [];
    provider.on('accountsChanged', (value) => seen.push(value));
    const result = (await provider.request({ method: 'wallet_connect', params: signInWith({}) })) as Result;
    expect(verifyMessage(result.accounts[0]!.capabilities.signInWithEthereum!.message, result.accounts[0]!.capabilities.signInWithEthereum!.signature)).toBe(ALICE);
    expect(seen).toEqual([[ALICE]]);
    await expect(provider.request({ method: 'wallet_connect', params: [{ version: '0' }] })).rejects.toMatchObject({ code: -32602 });
  });
});

describe('the in-page provider', () => {
  it('emits connect, accountsChanged and chainChanged (hex) and rejects with coded Errors', async () => {
    const { wallet } = makeWallet();
    const provider = createDevProvider(wallet);
    const seen: [string, unknown][] = [];
    for (const event of ['connect', 'accountsChanged', 'chainChanged']) provider.on(event, (value) => seen.push([event, value]));
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([ALICE]);
    await provider.request({ method: 'wallet_addEthereumChain', params: [OPTIMISM] });
    expect(seen).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [ALICE]],
      ['chainChanged', '0xa'],
    ]);
    const error = await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 4902 });
    await expect(provider.request(undefined as never)).rejects.toMatchObject({ code: -32600 });
  });
});

describe('what a prompt says', () => {
  it('a message as text when it is printable UTF-8, as hex otherwise', () => {
    expect(messageText('0x48656c6c6f')).toBe('Hello');
    expect(messageText('0x00ff10')).toBe('0x00ff10');
    expect(describeRequest('personal_sign', ['0x48656c6c6f', ALICE]).details[0]).toEqual({ label: 'Message', value: 'Hello', code: true });
  });

  it('a transaction with its amount in ether, exactly', () => {
    expect(formatWei(1_500_000_000_000_000_000n)).toBe('1.5 ETH');
    expect(formatWei(1234n * 10n ** 18n + 1n)).toBe('1,234.000000000000000001 ETH');
    const described = describeRequest('eth_sendTransaction', [{ from: ALICE, to: BOB, value: '0x14d1120d7b160000' }]);
    expect(described.title).toBe('Send this transaction?');
    expect(described.details).toContainEqual({ label: 'Amount', value: '1.5 ETH' });
  });

  it('a sign-in with connect: domain, statement, network and the message for the chosen account', () => {
    const params = [{ version: '1', capabilities: { signInWithEthereum: { nonce: 'abcdefgh12', chainId: '0x7a69', statement: 'Welcome back.', issuedAt: '2026-01-01T00:00:00.000Z' } } }];
    const names = { 31337: 'Local development chain' };
    const described = describeRequest('wallet_connect', params, names, { origin: ORIGIN, account: BOB, connecting: true });
    const message = createSiweMessage({
      address: BOB as `0x${string}`,
      chainId: 31337,
      domain: '127.0.0.1:3000',
      uri: ORIGIN,
      version: '1',
      nonce: 'abcdefgh12',
      statement: 'Welcome back.',
      issuedAt: new Date('2026-01-01T00:00:00.000Z'),
    });
    expect(described).toEqual({
      title: 'Connect and sign in?',
      details: [
        { label: 'Permissions', value: expect.any(String) },
        { label: 'Sign in to', value: '127.0.0.1:3000' },
        { label: 'Statement', value: 'Welcome back.' },
        { label: 'Network', value: 'Local development chain (31337)' },
        { label: 'Message', value: message, code: true },
      ],
    });
    // A connected site: a sign-in alone, naming the account; a message for another site is flagged.
    const elsewhere = [{ version: '1', capabilities: { signInWithEthereum: { ...params[0]!.capabilities.signInWithEthereum, domain: 'bank.example.com' } } }];
    const signIn = describeRequest('wallet_connect', elsewhere, names, { origin: ORIGIN, account: ALICE, connecting: false });
    expect(signIn.title).toBe('Sign in to this site?');
    expect(signIn.details.map((d) => d.label)).toEqual(['Sign in to', 'Warning', 'Statement', 'Network', 'Account', 'Message']);
  });

  it('a request it cannot read, as it came', () => {
    expect(describeRequest('eth_signTypedData_v4', [ALICE, '{not json'])).toMatchObject({ title: 'Allow eth_signTypedData_v4?' });
  });
});
