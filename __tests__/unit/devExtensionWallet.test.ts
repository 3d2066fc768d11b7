// The development browser-extension wallet of `npm start` behaves as a real extension does toward a
// site (EIP-1193 and MetaMask's conventions), with a real anvil signing and sending for its unlocked
// test accounts. The prompt is played by a scripted window here; the browser test drives the real one.
import { Wallet, getAddress, verifyMessage } from 'ethers';
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

  it('a request it cannot read, as it came', () => {
    expect(describeRequest('eth_signTypedData_v4', [ALICE, '{not json'])).toMatchObject({ title: 'Allow eth_signTypedData_v4?' });
  });
});
