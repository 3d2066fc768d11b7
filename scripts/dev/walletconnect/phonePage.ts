// The development phone (bundled by phoneServer.ts): a WalletConnect wallet in a browser tab, on an
// origin of its own (the app's WalletConnect SDK and this sign client would otherwise share storage
// keys), with the real @walletconnect/sign-client over the local relay. It pairs from a pasted `wc:`
// link or from `?uri=`, and asks the user to approve or reject the session (or, for a site that uses
// WalletConnect's one-click auth, the session and its sign-in message at once) and every request;
// signatures and transactions are made by the local chain, which holds the test accounts unlocked.
import { SignClient } from '@walletconnect/sign-client';
import type { AuthTypes, SessionTypes, SignClientTypes, Verify } from '@walletconnect/types';
import { buildApprovedNamespaces, buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils';
import { getAddress } from 'viem';
import { DEV_NAMES } from '../settings';
import { DEV_WALLET_ICON } from '../shared/icon';
import { PROMPT_CSS, buildPrompt } from '../shared/prompt';
import {
  CONNECT_DETAILS,
  WalletError,
  describeRequest,
  isSigningMethod,
  parseAddChain,
  parseSwitchChain,
  rejected,
  rpc,
  signOnLocalChain,
  signingAccount,
  unauthorized,
  unknownChain,
  type AddedChain,
} from '../shared/requests';
import { interceptVerifyFetch, LOCAL_VERIFY } from './verifyShared';

/** What the server puts in the page (a JSON data block, not a script). */
export interface PhoneSetup {
  projectId: string;
  relayUrl: string;
  /** The local chain's test accounts. */
  accounts: string[];
  chain: { chainUrl: string; chainId: number; chainName: string };
  chainNames: Record<number, string>;
}

type Proposal = SignClientTypes.EventArguments['session_proposal'];
type SessionRequest = SignClientTypes.EventArguments['session_request'];
type AuthRequest = SignClientTypes.EventArguments['session_authenticate'];

const PHONE_NAME = DEV_NAMES.phone;
const METHODS = ['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'];
const EVENTS = ['chainChanged', 'accountsChanged'];
const CHAINS_KEY = 'dev-phone-chains';

const setup = JSON.parse(document.getElementById('phone-setup')?.textContent ?? '{}') as PhoneSetup;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const caip = (id: number) => `eip155:${id}`;
/** The chain id of an `eip155:<id>` chain; undefined for another namespace or a malformed one. */
const chainIdOf = (chain: string): number | undefined => (/^eip155:[1-9]\d*$/.test(chain) ? Number(chain.slice('eip155:'.length)) : undefined);
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** A personal_sign payload: the text's UTF-8 bytes in hex. */
const hexOfUtf8 = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

const style = document.createElement('style');
style.textContent = PROMPT_CSS;
document.head.append(style);

// ---- networks the phone knows: the local chain, and those sites asked it to add ----

function addedChains(): AddedChain[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(CHAINS_KEY) ?? '[]');
    return Array.isArray(saved) ? (saved as AddedChain[]).filter((c) => typeof c?.id === 'number' && typeof c.rpcUrl === 'string') : [];
  } catch {
    return [];
  }
}

function knownChainIds(): number[] {
  return [setup.chain.chainId, ...addedChains().map((c) => c.id)];
}

function chainNames(): Record<number, string> {
  return { ...setup.chainNames, ...Object.fromEntries(addedChains().map((c) => [c.id, c.name])) };
}

function rememberChain(chain: AddedChain): void {
  const others = addedChains().filter((c) => c.id !== chain.id);
  localStorage.setItem(CHAINS_KEY, JSON.stringify([...others, chain]));
}

// ---- the prompts, one at a time ----

interface Ask {
  id: number;
  show(): HTMLElement;
}

const queue: Ask[] = [];

function render(): void {
  const box = $('requests');
  const next = queue[0];
  document.title = queue.length > 0 ? `(${queue.length}) ${PHONE_NAME}` : PHONE_NAME;
  if (!next) {
    box.replaceChildren(Object.assign(document.createElement('p'), { className: 'empty', textContent: 'Nothing to approve.' }));
    return;
  }
  box.replaceChildren(next.show());
}

function enqueue(ask: Ask): void {
  queue.push(ask);
  if (queue.length === 1) render();
  else document.title = `(${queue.length}) ${PHONE_NAME}`;
}

function settle(id: number): void {
  const index = queue.findIndex((a) => a.id === id);
  if (index < 0) return;
  queue.splice(index, 1);
  render();
}

function say(text: string): void {
  $('pair-status').textContent = text;
}

// ---- the wallet ----

function namespacesFor(chainIds: number[], accounts: string[]): SessionTypes.Namespaces {
  return {
    eip155: { chains: chainIds.map(caip), methods: METHODS, events: EVENTS, accounts: chainIds.flatMap((id) => accounts.map((a) => `${caip(id)}:${a}`)) },
  };
}

function sessionAccounts(session: SessionTypes.Struct): string[] {
  return [...new Set((session.namespaces['eip155']?.accounts ?? []).map((a) => a.split(':')[2] ?? ''))];
}

/** The line under the site's name: whether WalletConnect's Verify says the request comes from the site it names. */
function verifyNote({ verified }: Verify.Context): string {
  if (verified.isScam === true) return 'Warning: this site is known as a scam.';
  if (verified.validation === 'VALID') return `Verified: the request comes from ${verified.origin}.`;
  if (verified.validation === 'INVALID') return `Not verified: the request comes from ${verified.origin}, not the site it names.`;
  return 'The origin of this request could not be verified.';
}

const networkList = (ids: number[]) => ids.map((id) => `${chainNames()[id] ?? 'Chain'} (${id})`).join(', ');

async function main(): Promise<void> {
  // The wallet SDK checks the site's Verify attestation against the local service's key, not the public one.
  interceptVerifyFetch(window, () => fetch(new URL(LOCAL_VERIFY.publicKey, location.origin)));
  const client = await SignClient.init({
    projectId: setup.projectId,
    relayUrl: setup.relayUrl,
    logger: 'error',
    telemetryEnabled: false,
    metadata: { name: PHONE_NAME, description: "A WalletConnect wallet for development with the local chain's test accounts", url: location.origin, icons: [DEV_WALLET_ICON] },
  });

  const showSessions = () => {
    const list = $('sessions');
    const sessions = client.session.getAll();
    if (sessions.length === 0) {
      list.replaceChildren(Object.assign(document.createElement('li'), { className: 'empty', textContent: 'No site is connected.' }));
      return;
    }
    list.replaceChildren(
      ...sessions.map((session) => {
        const item = document.createElement('li');
        const text = document.createElement('span');
        const chains = (session.namespaces['eip155']?.chains ?? []).map((c) => chainNames()[Number(c.split(':')[1])] ?? c).join(', ');
        text.textContent = `${session.peer.metadata.name} (${session.peer.metadata.url}) · ${sessionAccounts(session).join(', ')} · ${chains}`;
        const end = document.createElement('button');
        end.type = 'button';
        end.textContent = 'Disconnect';
        end.setAttribute('aria-label', `Disconnect ${session.peer.metadata.name}`);
        end.addEventListener('click', () => {
          void client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') }).finally(showSessions);
        });
        item.append(text, end);
        return item;
      }),
    );
  };

  const pair = async (uri: string) => {
    const link = uri.trim();
    if (!link.startsWith('wc:')) return say('That is not a WalletConnect pairing link: it starts with "wc:". Copy it from the site\'s WalletConnect dialog.');
    say('Pairing…');
    try {
      await client.pair({ uri: link });
      say("Paired. Waiting for the site's request…");
    } catch (error) {
      say(`Could not pair: ${error instanceof Error ? error.message : String(error)}. Ask the site for a new link.`);
    }
  };

  client.on('session_proposal', (proposal: Proposal) => {
    say('');
    enqueue({
      id: proposal.id,
      show: () => {
        const { proposer } = proposal.params;
        const offered = knownChainIds();
        return buildPrompt(
          document,
          {
            asker: `${proposer.metadata.name} (${proposer.metadata.url})`,
            note: verifyNote(proposal.verifyContext),
            title: 'Connect to this site?',
            details: [...CONNECT_DETAILS, { label: 'Networks', value: networkList(offered) }],
            method: 'wc_sessionPropose',
            accounts: { choices: setup.accounts, selected: setup.accounts[0] ?? '' },
          },
          (answer) => {
            void (async () => {
              try {
                if (!answer.approved || !answer.account) {
                  await client.reject({ id: proposal.id, reason: getSdkError('USER_REJECTED') });
                  say('You rejected the connection.');
                } else {
                  const accounts = offered.map((id) => `${caip(id)}:${answer.account}`);
                  const supported = { chains: offered.map(caip), methods: METHODS, events: EVENTS, accounts };
                  const namespaces = buildApprovedNamespaces({ proposal: proposal.params, supportedNamespaces: { eip155: supported } });
                  const { acknowledged } = await client.approve({ id: proposal.id, namespaces });
                  say(`Connected to ${proposer.metadata.name}.`);
                  await acknowledged();
                }
              } catch (error) {
                say(`The connection failed: ${error instanceof Error ? error.message : String(error)}`);
                await client.reject({ id: proposal.id, reason: getSdkError('UNSUPPORTED_CHAINS') }).catch(() => undefined);
              } finally {
                settle(proposal.id);
                showSessions();
              }
            })();
          },
        );
      },
    });
  });

  /** Sign-in prompts waiting for an answer, by request id (sign-client emits no event when one expires). */
  const signIns = new Set<number>();

  /**
   * WalletConnect's one-click auth (wc_sessionAuthenticate, sent instead of a proposal to a wallet that
   * listens for it): one prompt for the connection and the EIP-4361 message. Approved, the message is
   * written for the first requested network the phone knows, signed with personal_sign by the local
   * chain, and sent back as one cacao, which also opens the session.
   */
  client.on('session_authenticate', (event: AuthRequest) => {
    say('');
    const { requester, authPayload } = event.params;
    const site = requester.metadata.name;
    const refuse = (reason: { code: number; message: string }, told: string) => {
      say(told);
      void client.rejectSessionAuthenticate({ id: event.id, reason }).catch((error: unknown) => say(`${told} The refusal could not be sent: ${reasonOf(error)}`));
    };

    const known = knownChainIds();
    const chainIds = [...new Set(authPayload.chains.map(chainIdOf))].filter((id): id is number => id !== undefined && known.includes(id));
    if (chainIds.length === 0) {
      const why = `The development phone knows none of the networks ${site} asks to sign in on (${authPayload.chains.join(', ') || 'none'}); it knows ${networkList(known)}.`;
      refuse(getSdkError('UNSUPPORTED_CHAINS', why), `Sign-in refused. ${why}`);
      return;
    }
    const signChain = chainIds[0]!;
    const issuer = (account: string) => `did:pkh:${caip(signChain)}:${getAddress(account)}`;
    let payload: AuthTypes.PayloadParams;
    let messageFor: (account: string) => string;
    try {
      // Narrowed to the networks and methods the phone supports; its ReCap and statement say so.
      payload = populateAuthPayload({ authPayload, chains: chainIds.map(caip), methods: METHODS });
      messageFor = (account) => client.formatAuthMessage({ request: payload, iss: issuer(account) });
      messageFor(setup.accounts[0] ?? '0x0000000000000000000000000000000000000000');
    } catch (error) {
      const why = `The development phone cannot answer ${site}'s sign-in request: ${reasonOf(error)}`;
      refuse(getSdkError('UNSUPPORTED_METHODS', why), `Sign-in refused. ${why}`);
      return;
    }
    const unknown = authPayload.chains
      .filter((chain) => !chainIds.includes(chainIdOf(chain) ?? NaN))
      .map((chain) => (chainIdOf(chain) === undefined ? chain : networkList([chainIdOf(chain)!])));

    signIns.add(event.id);
    enqueue({
      id: event.id,
      show: () => {
        const selected = setup.accounts[0] ?? '';
        const prompt = buildPrompt(
          document,
          {
            asker: `${requester.metadata.name} (${requester.metadata.url})`,
            note: verifyNote(event.verifyContext),
            title: 'Connect and sign in?',
            details: [
              ...CONNECT_DETAILS,
              { label: 'Networks', value: networkList(chainIds) + (unknown.length > 0 ? ` (also asked for, unknown to the phone: ${unknown.join(', ')})` : '') },
              { label: 'Message to sign', value: selected ? messageFor(selected) : '', code: true },
            ],
            method: 'wc_sessionAuthenticate',
            accounts: { choices: setup.accounts, selected },
          },
          (answer) => {
            signIns.delete(event.id);
            void (async () => {
              try {
                if (!answer.approved || !answer.account) {
                  await client.rejectSessionAuthenticate({ id: event.id, reason: getSdkError('USER_REJECTED') });
                  say('You rejected the sign-in.');
                  return;
                }
                const iss = issuer(answer.account);
                const message = client.formatAuthMessage({ request: payload, iss });
                const signature = await signOnLocalChain(setup.chain.chainUrl, 'personal_sign', [hexOfUtf8(message), getAddress(answer.account)]);
                if (typeof signature !== 'string') throw new Error('the local chain answered no signature');
                const cacao = buildAuthObject(payload, { t: 'eip191', s: signature }, iss);
                const { session } = await client.approveSessionAuthenticate({ id: event.id, auths: [cacao] });
                say(`Signed in to ${site}${session ? ' and connected' : ''}.`);
                // sign-client 2.25 stores the wallet's copy of this session with the site's key as its
                // controller (the site's copy rightly names the wallet's): the phone could then never
                // update it, e.g. to add a network the site switches to. The wallet is the controller.
                if (session && session.controller !== session.self.publicKey) {
                  await client.session.update(session.topic, { controller: session.self.publicKey }).catch((error: unknown) => {
                    say(`Signed in to ${site}, but the session cannot take new networks: ${reasonOf(error)}`);
                  });
                }
              } catch (error) {
                say(`The sign-in failed: ${reasonOf(error)}`);
                await client.rejectSessionAuthenticate({ id: event.id, reason: getSdkError('SESSION_SETTLEMENT_FAILED', reasonOf(error)) }).catch(() => undefined);
              } finally {
                settle(event.id);
                showSessions();
              }
            })();
          },
        );
        // The message names the account: it follows the picker.
        const picker = prompt.querySelector('select');
        const shown = prompt.querySelector('.dev-prompt-details pre');
        picker?.addEventListener('change', () => {
          if (shown) shown.textContent = messageFor(picker.value);
        });
        return prompt;
      },
    });
  });

  /** Switches the session to a chain: widened to it first when the site was not approved for it. */
  const switchTo = async (topic: string, chainId: number) => {
    const session = client.session.get(topic);
    const approved = session.namespaces['eip155']?.chains ?? [];
    if (!approved.includes(caip(chainId))) {
      const ids = [...approved.map((c) => Number(c.split(':')[1])), chainId];
      await client.update({ topic, namespaces: namespacesFor(ids, sessionAccounts(session)) });
    }
    // Not waiting for the site's acknowledgement of the update: sign-client 2.25 can miss one that
    // arrives before update() returns, and would then hold the switch for minutes.
    await client.emit({ topic, chainId: caip(chainId), event: { name: 'chainChanged', data: chainId } });
  };

  /** The answer to one request the user approved (or that needs no approval). */
  const handle = async (event: SessionRequest): Promise<unknown> => {
    const { method, params } = event.params.request;
    const chainId = Number(event.params.chainId.split(':')[1]);
    if (isSigningMethod(method)) {
      const session = client.session.get(event.topic);
      if (!sessionAccounts(session).some((a) => a.toLowerCase() === signingAccount(method, params).toLowerCase())) throw unauthorized();
      if (method === 'eth_sendTransaction' && chainId !== setup.chain.chainId) {
        throw new WalletError(4200, `The development phone sends only on ${setup.chain.chainName}: switch to it first.`);
      }
      return signOnLocalChain(setup.chain.chainUrl, method, params);
    }
    if (method === 'wallet_switchEthereumChain') {
      const target = parseSwitchChain(params);
      if (!knownChainIds().includes(target)) throw unknownChain(target);
      await switchTo(event.topic, target);
      return null;
    }
    if (method === 'wallet_addEthereumChain') {
      const chain = parseAddChain(params);
      if (chain.id !== setup.chain.chainId) rememberChain(chain);
      await switchTo(event.topic, chain.id);
      return null;
    }
    // Reads go to the chain's node.
    const url = chainId === setup.chain.chainId ? setup.chain.chainUrl : addedChains().find((c) => c.id === chainId)?.rpcUrl;
    if (!url) throw new WalletError(4200, `The development phone cannot answer ${method} on chain ${chainId}`);
    return rpc(url, method, Array.isArray(params) ? params : []);
  };

  const respond = async (event: SessionRequest, run: () => Promise<unknown>) => {
    try {
      const result = await run();
      await client.respond({ topic: event.topic, response: { id: event.id, jsonrpc: '2.0', result } });
    } catch (error) {
      const failure = error instanceof WalletError ? error : new WalletError(-32603, error instanceof Error ? error.message : String(error));
      await client.respond({ topic: event.topic, response: { id: event.id, jsonrpc: '2.0', error: { code: failure.code, message: failure.message } } });
    }
  };

  /** Requests the user sees: signing, sending, adding a network, and switching to one the phone does not know. */
  const needsApproval = (method: string) => isSigningMethod(method) || method === 'wallet_addEthereumChain';

  client.on('session_request', (event: SessionRequest) => {
    const { method, params } = event.params.request;
    if (!needsApproval(method)) {
      void respond(event, () => handle(event));
      return;
    }
    const session = client.session.get(event.topic);
    enqueue({
      id: event.id,
      show: () => {
        const described = describeRequest(method, params, chainNames());
        return buildPrompt(
          document,
          {
            asker: `${session.peer.metadata.name} (${session.peer.metadata.url})`,
            note: `On ${chainNames()[Number(event.params.chainId.split(':')[1])] ?? event.params.chainId}`,
            title: described.title,
            details: described.details,
            method,
          },
          (answer) => {
            void respond(event, async () => {
              if (!answer.approved) throw rejected();
              return handle(event);
            }).finally(() => settle(event.id));
          },
        );
      },
    });
  });

  client.on('proposal_expire', ({ id }) => settle(id));
  // A sign-in request's expiry is only the core expirer's (which drops the pending request).
  client.core.expirer.on('expirer_expired', ({ target }: { target: string }) => {
    const id = Number(/^id:(\d+)$/.exec(target)?.[1]);
    if (!signIns.delete(id)) return;
    settle(id);
    say('A sign-in request expired before it was answered.');
  });
  client.on('session_request_expire', ({ id }) => settle(id));
  client.on('session_delete', showSessions);
  client.on('session_update', showSessions);

  $<HTMLFormElement>('pair-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = $<HTMLInputElement>('pair-uri');
    void pair(input.value).then(() => (input.value = ''));
  });
  $('pair-form').querySelector('button')!.disabled = false;
  showSessions();
  render();

  // A link to this page with the pairing link in `?uri=` pairs at once (and only once: the address is cleaned).
  const fromLink = new URLSearchParams(location.search).get('uri');
  if (fromLink) {
    history.replaceState(null, '', location.pathname);
    await pair(fromLink);
  }
}

main().catch((error: unknown) => say(`The development phone could not start: ${error instanceof Error ? error.message : String(error)}`));

