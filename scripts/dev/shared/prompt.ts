// The one look of a development wallet's prompt (the extension's in-page window, the phone page, the
// Coinbase popup): who asks, what is asked in words, the raw method for developers, an account picker
// when connecting, and Reject / Approve. Built with DOM calls only (text from a site is never parsed as
// HTML), styled by PROMPT_CSS in light and dark.
import { shortAddress, type Detail } from './requests';

export interface PromptContent {
  /** The wallet's name, e.g. "Development wallet" (absent where the page already says it). */
  wallet?: string;
  /** Who asks (an origin or a site name). */
  asker?: string;
  /** A line under the asker, e.g. whether its origin is verified. */
  note?: string;
  title: string;
  details: Detail[];
  /** The JSON-RPC method, shown small for developers. */
  method: string;
  /** Connect prompts: the accounts to choose from and the one chosen at first. */
  accounts?: { choices: readonly string[]; selected: string; names?: Readonly<Record<string, string>> };
  /** Connect prompts whose details name the account (a sign-in message): the details for another choice. */
  detailsFor?: (account: string) => Detail[];
}

export interface PromptAnswer {
  approved: boolean;
  /** The account chosen in the picker (connect prompts). */
  account?: string;
}

let ids = 0;

/** The prompt element; `answer` is called once, on Approve or Reject. */
export function buildPrompt(doc: Document, content: PromptContent, answer: (result: PromptAnswer) => void): HTMLElement {
  const id = `dev-prompt-${++ids}`;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  const root = el('section', 'dev-prompt');
  root.setAttribute('aria-labelledby', `${id}-title`);
  root.dataset['testid'] = 'wallet-prompt';

  if (content.wallet) root.append(el('p', 'dev-prompt-wallet', content.wallet));
  if (content.asker) root.append(el('p', 'dev-prompt-asker', content.asker));
  if (content.note) root.append(el('p', 'dev-prompt-note', content.note));

  const title = el('h2', 'dev-prompt-title', content.title);
  title.id = `${id}-title`;
  root.append(title);

  let picker: HTMLSelectElement | undefined;
  if (content.accounts) {
    const label = el('label', 'dev-prompt-field');
    label.append(el('span', undefined, 'Account'));
    picker = el('select');
    // Named accounts (the Coinbase popup's smart account) by their name; the keys numbered among themselves.
    const names = content.accounts.names ?? {};
    let numbered = 0;
    content.accounts.choices.forEach((address) => {
      const name = names[address.toLowerCase()] ?? `Account ${(numbered += 1)}`;
      const option = el('option', undefined, `${name} · ${shortAddress(address)}`);
      option.value = address;
      option.selected = address.toLowerCase() === content.accounts?.selected.toLowerCase();
      picker?.append(option);
    });
    label.append(picker);
    root.append(label);
  }

  const drawDetails = (details: Detail[]) => {
    const list = el('dl', 'dev-prompt-details');
    for (const detail of details) {
      list.append(el('dt', undefined, detail.label));
      const value = el('dd');
      if (detail.code) value.append(el('pre', undefined, detail.value));
      else value.textContent = detail.value;
      list.append(value);
    }
    return list;
  };
  if (content.details.length > 0 || content.detailsFor) {
    let list = drawDetails(content.details);
    root.append(list);
    const detailsFor = content.detailsFor;
    const chosen = picker;
    // Another account chosen: the words that name it (the message to sign) are written again.
    if (detailsFor && chosen) {
      chosen.addEventListener('change', () => {
        const next = drawDetails(detailsFor(chosen.value));
        list.replaceWith(next);
        list = next;
      });
    }
  }

  const method = el('p', 'dev-prompt-method', 'Request: ');
  const code = el('code', undefined, content.method);
  code.dataset['testid'] = 'method';
  method.append(code);
  root.append(method);

  const actions = el('div', 'dev-prompt-actions');
  const reject = el('button', 'dev-prompt-reject', 'Reject');
  const approve = el('button', 'dev-prompt-approve', 'Approve');
  reject.type = 'button';
  approve.type = 'button';
  let answered = false;
  const finish = (approved: boolean) => {
    if (answered) return;
    answered = true;
    reject.disabled = true;
    approve.disabled = true;
    answer(picker ? { approved, account: picker.value } : { approved });
  };
  reject.addEventListener('click', () => finish(false));
  approve.addEventListener('click', () => finish(true));
  actions.append(reject, approve);
  root.append(actions);
  return root;
}

/** Light and dark, readable at 200 % zoom, visible focus. */
export const PROMPT_CSS = `
.dev-prompt { --dp-fg: #1c2430; --dp-muted: #55606e; --dp-bg: #ffffff; --dp-line: #c9d1db; --dp-code: #f3f5f8;
  --dp-accent: #5b3fd6; --dp-accent-fg: #ffffff; --dp-focus: #1f62d6;
  color: var(--dp-fg); background: var(--dp-bg); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif;
  display: grid; gap: 0.6rem; padding: 1.1rem 1.2rem; box-sizing: border-box; max-width: 100%; }
@media (prefers-color-scheme: dark) {
  .dev-prompt { --dp-fg: #e6edf3; --dp-muted: #a3adb8; --dp-bg: #161b22; --dp-line: #3a424c; --dp-code: #0d1117;
    --dp-accent: #8c76ff; --dp-accent-fg: #0d1117; --dp-focus: #8ab4ff; }
}
.dev-prompt p { margin: 0; }
.dev-prompt-wallet { font-weight: 600; color: var(--dp-accent); font-size: 0.85rem; letter-spacing: 0.02em; }
.dev-prompt-asker { font-family: ui-monospace, monospace; font-size: 0.85rem; overflow-wrap: anywhere; }
.dev-prompt-note { color: var(--dp-muted); font-size: 0.85rem; }
.dev-prompt-title { margin: 0.2rem 0 0; font-size: 1.2rem; }
.dev-prompt-field { display: grid; gap: 0.25rem; font-size: 0.9rem; }
.dev-prompt select { font: inherit; padding: 0.35rem; color: var(--dp-fg); background: var(--dp-bg); border: 1px solid var(--dp-line); border-radius: 6px; }
.dev-prompt-details { margin: 0; display: grid; gap: 0.15rem 0; }
.dev-prompt-details dt { color: var(--dp-muted); font-size: 0.8rem; margin-top: 0.35rem; }
.dev-prompt-details dd { margin: 0; overflow-wrap: anywhere; }
.dev-prompt-details pre { margin: 0; padding: 0.4rem 0.5rem; background: var(--dp-code); border: 1px solid var(--dp-line); border-radius: 6px;
  font: 0.8rem/1.4 ui-monospace, monospace; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 14rem; overflow: auto; }
.dev-prompt-method { color: var(--dp-muted); font-size: 0.8rem; }
.dev-prompt-actions { display: flex; gap: 0.6rem; justify-content: flex-end; flex-wrap: wrap; margin-top: 0.3rem; }
.dev-prompt button { font: inherit; font-weight: 600; padding: 0.45rem 1.1rem; border-radius: 6px; cursor: pointer; border: 1px solid var(--dp-line);
  color: var(--dp-fg); background: var(--dp-bg); }
.dev-prompt button.dev-prompt-approve { background: var(--dp-accent); color: var(--dp-accent-fg); border-color: var(--dp-accent); }
.dev-prompt button:disabled { opacity: 0.6; cursor: default; }
.dev-prompt :focus-visible { outline: 3px solid var(--dp-focus); outline-offset: 2px; }
`;
