// The development wallet's own window, drawn in the page the way an extension's popup sits on top of
// it: in a shadow root outside the app's #root (the app's styles and DOM never mix with it), as a modal
// dialog in the top layer (above any dialog of the app, focus inside, Escape rejects). Prompts open by
// themselves, one at a time; a narrow tab on the left edge, near the bottom (in the page's gutter, so
// it covers none of the app's controls at any width; it widens under the pointer) opens the wallet
// (account, network, this site's connection).
import { PROMPT_CSS, buildPrompt, type PromptAnswer } from '../shared/prompt';
import { DEV_NAMES } from '../settings';
import { describeRequest, shortAddress, type ChainNames } from '../shared/requests';
import type { DevExtensionWallet, WalletRequest, WalletUi } from './wallet';

const WALLET_NAME = DEV_NAMES.wallet;

const WINDOW_CSS = `
:host { all: initial; }
dialog.dev-window { margin: 1rem 1rem auto auto; padding: 0; width: min(400px, calc(100vw - 2rem)); max-height: calc(100vh - 2rem);
  overflow: auto; border: 1px solid #c9d1db; border-radius: 12px; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3); background: #fff; }
dialog.dev-window::backdrop { background: rgba(0, 0, 0, 0.2); }
.dev-toolbar { position: fixed; left: 0; bottom: 6rem; z-index: 2147483000; width: 10px; height: 48px; padding: 0; overflow: hidden;
  border-radius: 0 8px 8px 0; border: none; background: #5b3fd6; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.3); cursor: pointer;
  display: grid; place-items: center; }
.dev-toolbar img { width: 28px; height: 28px; visibility: hidden; }
.dev-toolbar:hover, .dev-toolbar:focus-visible { width: 48px; border: 2px solid #fff; border-left: none; }
.dev-toolbar:hover img, .dev-toolbar:focus-visible img { visibility: visible; }
.dev-toolbar:focus-visible { outline: 3px solid #1f62d6; outline-offset: 2px; }
.dev-toolbar[data-waiting="true"] { background: #d93025; }
.dev-panel-site { display: flex; gap: 0.6rem; align-items: center; flex-wrap: wrap; }
@media (prefers-color-scheme: dark) {
  dialog.dev-window { border-color: #3a424c; background: #161b22; }
  dialog.dev-window::backdrop { background: rgba(0, 0, 0, 0.45); }
  .dev-toolbar:hover, .dev-toolbar:focus-visible { border-color: #0d1117; }
}
`;

interface Pending {
  request: WalletRequest;
  names: ChainNames;
  resolve(answer: PromptAnswer): void;
}

export interface WalletWindow extends WalletUi {
  /** Connects the wallet the window shows (it is made after the window: each needs the other). */
  attach(wallet: DevExtensionWallet): void;
}

export function createWalletWindow(doc: Document, icon: string): WalletWindow {
  const queue: Pending[] = [];
  let wallet: DevExtensionWallet | undefined;
  let showing: 'prompt' | 'panel' | undefined;
  let parts: { dialog: HTMLDialogElement; toolbar: HTMLButtonElement; shadow: ShadowRoot } | undefined;

  /** The host is made on first use, once the page has a body. */
  const mount = () => {
    if (parts) return parts;
    const host = doc.createElement('div');
    host.id = 'walletdeck-dev-wallet';
    const shadow = host.attachShadow({ mode: 'open' });
    const css = PROMPT_CSS + WINDOW_CSS;
    // A constructed stylesheet needs no inline <style> (a strict style-src may refuse one).
    if ('adoptedStyleSheets' in shadow && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      shadow.adoptedStyleSheets = [sheet];
    } else {
      const style = doc.createElement('style');
      style.textContent = css;
      shadow.append(style);
    }
    const toolbar = doc.createElement('button');
    toolbar.type = 'button';
    toolbar.className = 'dev-toolbar';
    toolbar.setAttribute('aria-label', WALLET_NAME);
    toolbar.title = WALLET_NAME;
    const image = doc.createElement('img');
    image.src = icon;
    image.alt = '';
    toolbar.append(image);
    toolbar.addEventListener('click', () => (queue.length > 0 ? showNext() : showPanel()));
    const dialog = doc.createElement('dialog');
    dialog.className = 'dev-window';
    dialog.addEventListener('cancel', (event) => {
      // Escape is the user's "no": a prompt is rejected, the panel closes.
      event.preventDefault();
      if (showing === 'prompt') dialog.querySelector<HTMLButtonElement>('.dev-prompt-reject')?.click();
      else close();
    });
    shadow.append(toolbar, dialog);
    (doc.body ?? doc.documentElement).append(host);
    parts = { dialog, toolbar, shadow };
    return parts;
  };

  const close = () => {
    const { dialog } = mount();
    if (dialog.open) dialog.close();
    dialog.replaceChildren();
    showing = undefined;
  };

  const open = (content: HTMLElement, kind: 'prompt' | 'panel') => {
    const { dialog } = mount();
    dialog.replaceChildren(content);
    const title = content.querySelector('h2');
    if (title?.id) dialog.setAttribute('aria-labelledby', title.id);
    showing = kind;
    if (!dialog.open) dialog.showModal();
  };

  const updateBadge = () => {
    const { toolbar } = mount();
    toolbar.dataset['waiting'] = String(queue.length > 0);
    toolbar.setAttribute('aria-label', queue.length > 0 ? `${WALLET_NAME}: ${queue.length} waiting` : WALLET_NAME);
  };

  const showNext = () => {
    const next = queue[0];
    updateBadge();
    if (!next) return close();
    const { method, params, accounts, account } = next.request;
    const asker = wallet?.origin ?? location.origin;
    // A sign-in's message names the account: for a connect, the one chosen in the picker.
    const describeFor = (signer: string | undefined) =>
      describeRequest(method, params, next.names, { origin: asker, connecting: accounts !== undefined, ...(signer ? { account: signer } : {}) });
    const described = describeFor(accounts?.selected ?? account);
    const prompt = buildPrompt(
      doc,
      {
        wallet: WALLET_NAME,
        asker,
        title: described.title,
        details: described.details,
        method,
        ...(accounts ? { accounts, detailsFor: (chosen: string) => describeFor(chosen).details } : {}),
      },
      (answer) => {
        queue.shift();
        next.resolve(answer);
        showNext();
      },
    );
    open(prompt, 'prompt');
  };

  const showPanel = () => {
    if (!wallet) return;
    const current = wallet;
    const panel = doc.createElement('section');
    panel.className = 'dev-prompt';
    const titleId = 'dev-panel-title';
    panel.setAttribute('aria-labelledby', titleId);
    const title = doc.createElement('h2');
    title.className = 'dev-prompt-title';
    title.id = titleId;
    title.textContent = WALLET_NAME;
    const about = doc.createElement('p');
    about.className = 'dev-prompt-note';
    about.textContent = "A wallet for development: it holds the local chain's test accounts and asks you before a site sees an account, signs or sends.";

    const accountLabel = doc.createElement('label');
    accountLabel.className = 'dev-prompt-field';
    const accountText = doc.createElement('span');
    accountText.textContent = 'Account';
    const picker = doc.createElement('select');
    accountLabel.append(accountText, picker);
    const selected = current.account ?? current.accounts[0];
    current.accounts.forEach((address, index) => {
      const option = doc.createElement('option');
      option.value = address;
      option.textContent = `Account ${index + 1} · ${shortAddress(address)}`;
      option.selected = address.toLowerCase() === selected?.toLowerCase();
      picker.append(option);
    });
    picker.addEventListener('change', () => current.selectAccount(picker.value));

    const network = doc.createElement('p');
    const chain = current.chains.find((c) => c.id === current.chainId);
    network.textContent = `Network: ${chain ? `${chain.name} (${chain.id})` : current.chainId}`;

    const site = doc.createElement('div');
    site.className = 'dev-panel-site';
    const siteText = doc.createElement('p');
    siteText.textContent = `${current.origin}: ${current.connected ? 'connected' : 'not connected'}`;
    site.append(siteText);
    if (current.connected) {
      const forget = doc.createElement('button');
      forget.type = 'button';
      forget.textContent = 'Disconnect this site';
      forget.addEventListener('click', () => {
        current.disconnectSite();
        showPanel();
      });
      site.append(forget);
    }

    const actions = doc.createElement('div');
    actions.className = 'dev-prompt-actions';
    const done = doc.createElement('button');
    done.type = 'button';
    done.textContent = 'Close';
    done.addEventListener('click', close);
    actions.append(done);
    panel.append(title, about, accountLabel, network, site, actions);
    open(panel, 'panel');
  };

  const whenReady = (run: () => void) => {
    if (doc.body) run();
    else doc.addEventListener('DOMContentLoaded', run, { once: true });
  };

  return {
    attach(next) {
      wallet = next;
      whenReady(() => mount());
    },
    ask(request, names) {
      return new Promise((resolve) => {
        queue.push({ request, names, resolve });
        whenReady(() => {
          // The first prompt opens at once; later ones wait their turn.
          if (queue.length === 1 || showing !== 'prompt') showNext();
          else updateBadge();
        });
      });
    },
  };
}
