// The Coinbase Wallet popup's page (bundled by keysServer.ts): wires the keys wallet to the window that
// opened it, keeps the wallet's memory in this origin's storage, and asks the user with the development
// wallets' prompt (an account picker when connecting; Approve / Reject). Approved signatures and
// transactions are made by the local chain, which holds the test accounts unlocked.
import { PROMPT_CSS, buildPrompt } from '../shared/prompt';
import { WalletError, describeRequest, isSigningMethod, sameAddress, signOnLocalChain, signingAccount, unauthorized } from '../shared/requests';
import { KeysWallet, type KeysRequest, type KeysWalletState } from './keysWallet';

/** What the server puts in the page (a JSON data block, not a script). */
export interface KeysPageSetup {
  initial: KeysWalletState;
  /** The accounts offered when connecting (default: the initial ones). */
  choices?: string[];
  /** The local chain that signs and sends; absent, the page answers only connects and networks. */
  signer?: { chainUrl: string; chainId: number; chainName: string };
  /** Chain id -> name, for the words of a prompt. */
  chainNames?: Record<number, string>;
}

const setup = JSON.parse(document.getElementById('keys-setup')?.textContent ?? '{}') as KeysPageSetup;
const STORE = 'dev-coinbase-keys-wallet';
const dappOrigin = new URLSearchParams(location.search).get('origin') ?? '';
const main = document.querySelector('main') ?? document.body;
let loaded = false;

const style = document.createElement('style');
style.textContent = PROMPT_CSS;
document.head.append(style);

function load(): KeysWalletState {
  const saved = localStorage.getItem(STORE);
  return saved ? (JSON.parse(saved) as KeysWalletState) : setup.initial;
}

function ask(request: KeysRequest): Promise<boolean> {
  const connecting = request.method === 'eth_requestAccounts';
  const choices = setup.choices ?? load().accounts;
  const described = describeRequest(request.method, request.params, setup.chainNames ?? {});
  return new Promise((resolve) => {
    const prompt = buildPrompt(
      document,
      {
        asker: dappOrigin,
        title: described.title,
        details: described.details,
        method: request.method,
        ...(connecting && choices[0] !== undefined ? { accounts: { choices, selected: load().accounts[0] ?? choices[0] } } : {}),
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

async function sign(method: string, params: unknown, chainId: number | undefined): Promise<unknown> {
  const signer = setup.signer;
  if (!signer || !isSigningMethod(method)) throw new WalletError(4200, `The keys wallet does not support ${method}`);
  const account = load().accounts[0];
  if (!account || !sameAddress(signingAccount(method, params), account)) throw unauthorized();
  if (method === 'eth_sendTransaction' && chainId !== undefined && chainId !== signer.chainId) {
    throw new WalletError(4200, `The development popup sends only on ${signer.chainName}: switch to it first.`);
  }
  const result = await signOnLocalChain(signer.chainUrl, method, params);
  main.replaceChildren(Object.assign(document.createElement('p'), { textContent: 'Done. This window closes.' }));
  return result;
}

const save = (state: KeysWalletState) => localStorage.setItem(STORE, JSON.stringify(state));

const wallet = new KeysWallet({
  post: (message) => window.opener?.postMessage(message, dappOrigin),
  ask,
  close: () => setTimeout(() => window.close(), 50),
  load,
  save,
  sign,
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
