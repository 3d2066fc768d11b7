// The Coinbase Wallet popup's page (bundled by keysServer.ts): wires the keys wallet to the window that
// opened it, keeps the wallet's memory in this origin's storage, and asks the user with the development
// wallets' prompt (an account picker when connecting; Approve / Reject). Approved signatures and
// transactions are made by the local chain, which holds the test accounts unlocked; the smart account
// (smartAccount.ts) signs with its owner's key and sends through the stand-in bundler.
import { PROMPT_CSS, buildPrompt } from '../shared/prompt';
import { WalletError, describeRequest, isSigningMethod, rpc, sameAddress, signOnLocalChain, signingAccount, unauthorized, type SigningMethod } from '../shared/requests';
import { KeysWallet, type KeysRequest, type KeysWalletState } from './keysWallet';
import {
  SMART_ACCOUNT_LABEL,
  SmartAccountWallet,
  capabilitiesFor,
  offeredAccounts,
  personalMessageHash,
  readPreference,
  readSendCalls,
  readTransactionCall,
  typedDataHash,
  type AccountPreference,
  type SmartAccountInfo,
} from './smartAccount';

/** What the server puts in the page (a JSON data block, not a script). */
export interface KeysPageSetup {
  initial: KeysWalletState;
  /** The accounts offered when connecting (default: the initial ones). */
  choices?: string[];
  /** The local chain that signs and sends; absent, the page answers only connects and networks. */
  signer?: { chainUrl: string; chainId: number; chainName: string };
  /** The smart account offered beside the keys (with `signer`): it lives on the signer's chain. */
  smart?: SmartAccountInfo;
  /** Chain id -> name, for the words of a prompt. */
  chainNames?: Record<number, string>;
}

const setup = JSON.parse(document.getElementById('keys-setup')?.textContent ?? '{}') as KeysPageSetup;
const STORE = 'dev-coinbase-keys-wallet';
const dappOrigin = new URLSearchParams(location.search).get('origin') ?? '';
const main = document.querySelector('main') ?? document.body;
let loaded = false;
/** What the site asked for in the SDK's config message: all accounts, only smart accounts, or only keys. */
let preference: AccountPreference = 'all';
const smartWallet = setup.signer && setup.smart ? new SmartAccountWallet(setup.smart, setup.signer.chainId, (method, params) => rpc(setup.signer!.chainUrl, method, params)) : undefined;

const style = document.createElement('style');
style.textContent = PROMPT_CSS;
document.head.append(style);

function load(): KeysWalletState {
  const saved = localStorage.getItem(STORE);
  return saved ? (JSON.parse(saved) as KeysWalletState) : setup.initial;
}

function ask(request: KeysRequest): Promise<boolean> {
  const connecting = request.method === 'eth_requestAccounts';
  const choices = offeredAccounts(setup.choices ?? load().accounts, smartWallet?.info.address, preference);
  const current = load().accounts[0];
  const selected = current !== undefined && choices.some((c) => sameAddress(c, current)) ? current : choices[0];
  const names = smartWallet ? { [smartWallet.info.address.toLowerCase()]: SMART_ACCOUNT_LABEL } : {};
  const described = describeRequest(request.method, request.params, setup.chainNames ?? {});
  return new Promise((resolve) => {
    const prompt = buildPrompt(
      document,
      {
        asker: dappOrigin,
        title: described.title,
        details: described.details,
        method: request.method,
        ...(connecting && selected !== undefined ? { accounts: { choices, selected, names } } : {}),
      },
      (answer) => {
        if (answer.approved && answer.account) page.saveAccount(answer.account);
        prompt.remove();
        resolve(answer.approved);
      },
    );
    main.replaceChildren(prompt);
    prompt.querySelector<HTMLElement>('select, .dev-prompt-reject')?.focus();
  });
}

type PopupMethod = SigningMethod | 'wallet_sendCalls';
const isPopupMethod = (method: string): method is PopupMethod => isSigningMethod(method) || method === 'wallet_sendCalls';

async function sign(method: string, params: unknown, chainId: number | undefined): Promise<unknown> {
  const signer = setup.signer;
  if (!signer || !isPopupMethod(method)) throw new WalletError(4200, `The keys wallet does not support ${method}`);
  const account = load().accounts[0];
  if (smartWallet && account && sameAddress(account, smartWallet.info.address)) {
    const result = await signAsSmartAccount(smartWallet, method, params, chainId);
    main.replaceChildren(Object.assign(document.createElement('p'), { textContent: 'Done. This window closes.' }));
    return result;
  }
  if (method === 'wallet_sendCalls') throw new WalletError(4200, 'The development popup sends batches from its smart account only.');
  if (!account || !sameAddress(signingAccount(method, params), account)) throw unauthorized();
  if (method === 'eth_sendTransaction' && chainId !== undefined && chainId !== signer.chainId) {
    throw new WalletError(4200, `The development popup sends only on ${signer.chainName}: switch to it first.`);
  }
  const result = await signOnLocalChain(signer.chainUrl, method, params);
  main.replaceChildren(Object.assign(document.createElement('p'), { textContent: 'Done. This window closes.' }));
  return result;
}

/** The smart account answers: signatures by its owner's key (ERC-6492 until it exists), calls through the bundler. */
async function signAsSmartAccount(wallet: SmartAccountWallet, method: PopupMethod, params: unknown, chainId: number | undefined): Promise<unknown> {
  const address = wallet.info.address;
  if (method === 'wallet_sendCalls') return { id: await wallet.execute(readSendCalls(params, address, wallet.chainId)) };
  if (method === 'eth_sendTransaction') return wallet.execute([readTransactionCall(params, address, chainId, wallet.chainId)]);
  if (!sameAddress(signingAccount(method, params), address)) throw unauthorized();
  if (chainId !== undefined && chainId !== wallet.chainId) {
    throw new WalletError(5710, `The development smart account lives only on chain ${wallet.chainId}: switch to it first.`);
  }
  const list = Array.isArray(params) ? params : [];
  return wallet.sign(method === 'personal_sign' ? personalMessageHash(list[0]) : typedDataHash(list[1]));
}

const save = (state: KeysWalletState) => localStorage.setItem(STORE, JSON.stringify(state));

const signer = setup.signer;
const wallet = new KeysWallet({
  post: (message) => window.opener?.postMessage(message, dappOrigin),
  ask,
  close: () => setTimeout(() => window.close(), 50),
  load,
  save,
  // Without a chain the page signs nothing itself (personal_sign is asked of the chain it hands the SDK) and reports no capabilities.
  ...(signer ? { sign, capabilities: (state: KeysWalletState) => capabilitiesFor(state.accounts[0], setup.smart, signer.chainId) } : {}),
  configured: (config) => (preference = readPreference(config)),
  closeAfterRejection: true,
});

const page = {
  saveAccount: (account: string) => save({ ...load(), accounts: [account] }),
};

window.addEventListener('message', (event) => {
  if (event.origin === dappOrigin) void wallet.receive(event.data);
});
window.addEventListener('pagehide', () => {
  if (loaded) wallet.unload();
});
loaded = true;
wallet.start();
