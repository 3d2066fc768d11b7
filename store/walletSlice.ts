// Connection state, one state machine per wallet kind (docs/behaviour.md §2). Every update is validated
// here, in one place, so no path (saga, DevTools dispatch, replay) can store an unchecked value.
import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { readConnectorInfo, readWalletIdentity } from '../src/lib/connectors/connectorInfo';
import { CONNECTION_IDS, DEFAULT_CONNECTION, isConnectionId, type ConnectionId, type ConnectorInfo, type WalletIdentity } from '../src/lib/connectors/types';
import { ERROR_NAMES, toWalletError, type WalletError } from '../src/lib/errors';
import { isObject } from '../src/lib/guards';
import { chainIdNotAllowedError, validateAccounts, validateChainId } from '../src/lib/validation';

export interface Connection {
  chainId?: number;
  accounts?: string[];
  activating: boolean;
  error?: WalletError;
}

/** How an activation started: a visible reconnect, a silent probe, or the user's click. */
export type Phase = 'idle' | 'reconnecting' | 'probing' | 'connecting';

/**
 * What is going on around a connection beyond the four fields of docs/behaviour.md §2.1 (`connections[id]`): the current
 * attempt and how it started, a prompt waiting in the wallet, a chain switch in flight, the pairing
 * URI, our dialogs, a lost, dead or locked link. (Formerly "meta", which said nothing about it.)
 */
export interface ConnectionActivity {
  /** Increases with every activation and deactivation; a result of an older attempt is stale. */
  attempt: number;
  phase: Phase;
  /** The wallet has a request open for the user (MetaMask -32002, a phone to confirm on). */
  awaitingWallet: boolean;
  /** The chain to ask for on the next connect. */
  desiredChainId?: number;
  /** The last allowed chain this connection was on (offered first when it moves to an unsupported one, §6.6). */
  lastAllowedChainId?: number;
  /** A chain switch in flight. */
  switchingTo?: number;
  /** Why the last chain switch did not happen; the connection itself is unchanged. */
  switchError?: WalletError;
  /** The last update that failed validation and was therefore not applied. */
  rejectedUpdate?: WalletError;
  /** QR-code wallets: the pairing URI to draw while connecting. */
  pairingUri?: string;
  /** The link to the wallet dropped with an error ("Connection lost"); cleared by any new start or reset. */
  linkLost?: boolean;
  /** Our dialog suggesting the wallet's browser extension is open. */
  extensionSuggestion?: boolean;
  /** The link to the wallet is gone for good (MetaMask 1011, or a hang with `isConnected()` false): only a reload helps. */
  linkDead?: boolean;
  /** Idle because the wallet reported zero accounts (locked): it reconnects when accounts come back. */
  walletLocked?: boolean;
  /** A reconnect at start has taken longer than the page waits for its chain (the default chain is shown meanwhile). */
  reconnectSlow?: boolean;
  /** The wallet's own window (Coinbase's keys window): opened by a request and not answered yet, or answered. */
  walletWindow?: 'opened' | 'answered';
  /** The wallet behind this attempt's session, as it names itself (WalletConnect's peer), validated; gone with the attempt. */
  peer?: WalletIdentity;
}

export interface WalletState {
  current: ConnectionId;
  /** Whether the user has chosen a kind yet (on this visit or an earlier one). */
  chosen: boolean;
  /** What each kind offers in this build, as plain data (name, availability, announced wallets). */
  kinds: Record<ConnectionId, ConnectorInfo>;
  /** The browser extension the user picked (EIP-6963 rdns), if any. */
  chosenExtension?: string;
  /**
   * The kinds whose extension suggestion the user passed with "Continue without it": it is not shown
   * again (docs/behaviour.md §6.4). Kept here, so that it holds for the page's life where storage is refused.
   */
  withoutExtension?: ConnectionId[];
  connections: Record<ConnectionId, Connection>;
  activity: Record<ConnectionId, ConnectionActivity>;
  allowedChainIds: Record<ConnectionId, number[]>;
  /**
   * While a kind owns the page (Safe{Wallet}'s frame, docs/behaviour.md §1.7) it is `current`; this is the
   * kind it replaced, current again if the page turns out not to be that kind's.
   */
  ownerReplaced?: ConnectionId;
}

const idle = (): Connection => ({ activating: false });
const freshActivity = (attempt = 0): ConnectionActivity => ({ attempt, phase: 'idle', awaitingWallet: false });

function perKind<T>(make: (id: ConnectionId) => T): Record<ConnectionId, T> {
  return Object.fromEntries(CONNECTION_IDS.map((id) => [id, make(id)])) as Record<ConnectionId, T>;
}

/**
 * Each kind as given (plain data, validated here: the composition root describes each from its
 * definition), else available under its id (a store built without kinds: tests).
 */
const initialKinds = (given: Partial<Record<ConnectionId, unknown>> = {}): Record<ConnectionId, ConnectorInfo> =>
  perKind((id) => readConnectorInfo(id, given[id] ?? { available: true }, { name: id, face: { note: {} } }));

export interface InitialWalletOptions {
  /** The remembered choice, when there is one. */
  current?: ConnectionId;
  /** Each kind as plain data (the registry's describeKinds); validated. */
  kinds?: Partial<Record<ConnectionId, unknown>>;
  chosenExtension?: string;
  withoutExtension?: readonly ConnectionId[];
}

export function createWalletState(allowedChainIds: Record<ConnectionId, number[]>, options: InitialWalletOptions = {}): WalletState {
  const state: WalletState = {
    current: options.current ?? DEFAULT_CONNECTION,
    chosen: options.current !== undefined,
    kinds: initialKinds(options.kinds),
    ...(options.chosenExtension !== undefined ? { chosenExtension: options.chosenExtension } : {}),
    ...(options.withoutExtension?.length ? { withoutExtension: CONNECTION_IDS.filter((id) => options.withoutExtension?.includes(id)) } : {}),
    connections: perKind(idle),
    activity: perKind(() => freshActivity()),
    allowedChainIds: perKind((id) => [...allowedChainIds[id]]),
  };
  followPageOwner(state);
  return state;
}

/** docs/behaviour.md §1.7: a kind that owns the page is the current one; when it stops owning it, the one it replaced is back. */
function followPageOwner(state: WalletState): void {
  const owner = CONNECTION_IDS.find((id) => state.kinds[id].ownsPage);
  const back = state.ownerReplaced;
  if (owner && owner !== state.current) {
    state.ownerReplaced = state.current;
    state.current = owner;
  } else if (!owner && back) {
    state.current = back;
    delete state.ownerReplaced;
  }
}

type WithId<T = object> = { id: ConnectionId } & T;
type Attempted<T = object> = WithId<{ attempt: number } & T>;

/** True while the connection has anything a provider event could update. */
function isLive(c: Connection): boolean {
  return c.activating || c.chainId !== undefined || c.accounts !== undefined;
}

function reset(state: WalletState, id: ConnectionId, error?: WalletError): void {
  // Errors are data from anywhere (a saga, DevTools, a replay): stored only in the plain shape.
  state.connections[id] = error ? { activating: false, error: toWalletError(error) } : idle();
  const activity = state.activity[id];
  state.activity[id] = { ...freshActivity(activity.attempt), ...(activity.desiredChainId !== undefined ? { desiredChainId: activity.desiredChainId } : {}) };
}

/**
 * Merges a validated update (docs/behaviour.md §2.2: one that completes the connection clears `activating`).
 * Returns false when the update is invalid: nothing changes but the recorded rejection.
 */
function applyUpdate(state: WalletState, id: ConnectionId, update: { chainId?: unknown; accounts?: unknown }): boolean {
  const next: Connection = { ...state.connections[id] };
  if (update.chainId !== undefined) {
    const checked = validateChainId(update.chainId);
    if (!checked.ok) {
      state.activity[id].rejectedUpdate = checked.error;
      return false;
    }
    next.chainId = checked.value;
  }
  if (update.accounts !== undefined) {
    const checked = validateAccounts(update.accounts);
    if (!checked.ok) {
      state.activity[id].rejectedUpdate = checked.error;
      return false;
    }
    if (checked.value.length === 0) {
      // A wallet with zero accounts: not connected any more, and not an error. One that had accounts
      // was locked (or the site's permission revoked): it comes back when accounts do.
      const hadAccounts = state.connections[id].accounts !== undefined;
      reset(state, id);
      if (hadAccounts) state.activity[id].walletLocked = true;
      return true;
    }
    next.accounts = checked.value;
  }
  delete state.activity[id].rejectedUpdate;
  const complete = next.chainId !== undefined && next.accounts !== undefined;
  if (complete) {
    next.activating = false;
    state.activity[id].phase = 'idle';
    state.activity[id].awaitingWallet = false;
    delete state.activity[id].pairingUri;
    delete state.activity[id].walletLocked;
  }
  const notAllowed = next.chainId === undefined ? undefined : chainIdNotAllowedError(next.chainId, state.allowedChainIds[id]);
  if (notAllowed) next.error = notAllowed;
  else if (complete || next.error?.name === ERROR_NAMES.chainIdNotAllowed) delete next.error;
  if (complete && !notAllowed && next.chainId !== undefined) state.activity[id].lastAllowedChainId = next.chainId;
  state.connections[id] = next;
  return true;
}

/**
 * The one place an attempt ends from outside its lifecycle (cancel, disconnect, a dropped link): the
 * attempt number moves on, so any result still on its way from the old attempt is stale.
 */
function endAttempt(state: WalletState, id: ConnectionId, error?: WalletError): void {
  state.activity[id].attempt += 1;
  reset(state, id, error);
}

function isCurrentAttempt(state: WalletState, payload: Attempted): boolean {
  return state.activity[payload.id].attempt === payload.attempt;
}

const MAX_PAIRING_URI = 4096;

/** A chain id from an action (the user's pick, DevTools, a replay), or undefined when it is none. */
function chainIdOrUndefined(raw: unknown): number | undefined {
  const checked = validateChainId(raw);
  return checked.ok ? checked.value : undefined;
}

/** `payload[a][b]`, read without trusting either level (a Proxy, a missing object). */
function readField(payload: unknown, a: string, b: string): unknown {
  try {
    const outer = (payload as Record<string, unknown> | null | undefined)?.[a];
    if (!isObject(outer) || !Object.prototype.hasOwnProperty.call(outer, b)) return undefined;
    return outer[b];
  } catch {
    return undefined;
  }
}

const slice = createSlice({
  name: 'wallet',
  initialState: createWalletState(perKind(() => [1])),
  reducers: {
    /** The user asked to connect a kind: it becomes the current connection. */
    connectRequested(state, action: PayloadAction<WithId<{ desiredChainId?: number }>>) {
      state.current = action.payload.id;
      state.chosen = true;
      const desired = chainIdOrUndefined(action.payload.desiredChainId);
      if (desired !== undefined) state.activity[action.payload.id].desiredChainId = desired;
    },
    /** The user switches to another wallet that is already connected: it becomes the current one, nothing is asked. */
    currentChosen(state, action: PayloadAction<WithId>) {
      state.current = action.payload.id;
      state.chosen = true;
    },
    /** The chain to use on the next connect, chosen while not connected. */
    desiredChainSelected(state, action: PayloadAction<WithId<{ chainId: number }>>) {
      const chainId = chainIdOrUndefined(action.payload.chainId);
      if (chainId !== undefined) state.activity[action.payload.id].desiredChainId = chainId;
    },
    /** `silent`: an eager attempt for a kind that was not connected last time (phase 'probing'). */
    activationStarted(state, action: PayloadAction<WithId<{ eager: boolean; silent?: boolean }>>) {
      const { id, eager, silent } = action.payload;
      const activity = state.activity[id];
      state.connections[id] = { activating: true };
      state.activity[id] = {
        ...freshActivity(activity.attempt + 1),
        phase: eager ? (silent ? 'probing' : 'reconnecting') : 'connecting',
        ...(activity.desiredChainId !== undefined ? { desiredChainId: activity.desiredChainId } : {}),
      };
    },
    activationSucceeded(state, action: PayloadAction<Attempted<{ chainId: unknown; accounts: unknown }>>) {
      if (!isCurrentAttempt(state, action.payload)) return;
      const { id, chainId, accounts } = action.payload;
      // An activation's answer carries both chainId and accounts (docs/behaviour.md §2.2): one missing either is as
      // invalid as a wrong value, and an invalid answer ends the activation: nothing we can use.
      if (!applyUpdate(state, id, { chainId: chainId ?? null, accounts: accounts ?? null })) reset(state, id, state.activity[id].rejectedUpdate);
    },
    activationFailed(state, action: PayloadAction<Attempted<{ error: WalletError }>>) {
      if (!isCurrentAttempt(state, action.payload)) return;
      reset(state, action.payload.id, action.payload.error);
    },
    /** The activation ended with nothing to show (eager connect found no accounts, dialog closed). */
    activationEnded(state, action: PayloadAction<Attempted>) {
      if (!isCurrentAttempt(state, action.payload)) return;
      reset(state, action.payload.id);
    },
    /** The reconnect at start is still waiting for the wallet after the page's grace period. */
    reconnectSlow(state, action: PayloadAction<Attempted>) {
      if (!isCurrentAttempt(state, action.payload)) return;
      const { id } = action.payload;
      if (state.connections[id].activating && state.activity[id].phase === 'reconnecting') state.activity[id].reconnectSlow = true;
    },
    /**
     * The wallet waits on the user for the connection's own request (a connect, a chain switch); a
     * signing request's wait is the signing state's, so a wallet reporting one here is not news.
     */
    awaitingWalletChanged(state, action: PayloadAction<Attempted<{ waiting: boolean }>>) {
      if (!isCurrentAttempt(state, action.payload)) return;
      const { id } = action.payload;
      const waiting = action.payload.waiting === true;
      if (waiting && !state.connections[id].activating && state.activity[id].switchingTo === undefined) return;
      state.activity[id].awaitingWallet = waiting;
    },
    /** A request opened the wallet's own window, or the window answered the SDK's handshake (docs/behaviour.md §2.6). */
    walletWindowChanged(state, action: PayloadAction<Attempted<{ state: 'opened' | 'answered' }>>) {
      if (!isCurrentAttempt(state, action.payload) || !state.connections[action.payload.id].activating) return;
      const next = action.payload.state;
      if (next === 'opened' || next === 'answered') state.activity[action.payload.id].walletWindow = next;
    },
    /** The session's wallet said who it is (docs/behaviour.md §6.5): kept only when valid, for this attempt. */
    walletIdentified(state, action: PayloadAction<Attempted<{ name: unknown; icon: unknown }>>) {
      if (!isCurrentAttempt(state, action.payload) || !isLive(state.connections[action.payload.id])) return;
      const { id, name, icon } = action.payload;
      const peer = readWalletIdentity(name, icon);
      if (peer) state.activity[id].peer = peer;
      else delete state.activity[id].peer;
    },
    pairingUriReceived(state, action: PayloadAction<Attempted<{ uri: string }>>) {
      if (!isCurrentAttempt(state, action.payload) || !state.connections[action.payload.id].activating) return;
      const { uri } = action.payload;
      if (typeof uri === 'string' && uri !== '' && uri.length <= MAX_PAIRING_URI) state.activity[action.payload.id].pairingUri = uri;
    },
    /** The user closed the QR dialog; the saga tears the pending connection down. */
    qrDialogClosed(state, action: PayloadAction<WithId>) {
      delete state.activity[action.payload.id].pairingUri;
    },
    connectCancelled(state, action: PayloadAction<WithId>) {
      const { id } = action.payload;
      if (!state.connections[id].activating) return;
      endAttempt(state, id);
    },
    accountsChanged(state, action: PayloadAction<WithId<{ accounts: unknown }>>) {
      const { id, accounts } = action.payload;
      if (!isLive(state.connections[id])) return;
      applyUpdate(state, id, { accounts });
    },
    chainChanged(state, action: PayloadAction<WithId<{ chainId: unknown }>>) {
      const { id, chainId } = action.payload;
      if (!isLive(state.connections[id])) return;
      applyUpdate(state, id, { chainId });
    },
    /** The provider dropped the link with an error (1013 "reconnecting" never gets here). */
    providerDisconnected(state, action: PayloadAction<WithId<{ error: WalletError }>>) {
      const { id, error } = action.payload;
      if (!isLive(state.connections[id])) return;
      endAttempt(state, id, error);
      state.activity[id].linkLost = true;
    },
    /** The wallet ended the session on purpose: back to idle, no error. */
    sessionEnded(state, action: PayloadAction<WithId>) {
      const { id } = action.payload;
      if (!isLive(state.connections[id])) return;
      endAttempt(state, id);
    },
    disconnectRequested(state, action: PayloadAction<WithId>) {
      const { id } = action.payload;
      endAttempt(state, id);
      delete state.activity[id].desiredChainId;
    },
    /** The user pressed Cancel while a request waits on the wallet; the saga rejects it (4001). */
    walletRequestCancelled(state, action: PayloadAction<WithId>) {
      state.activity[action.payload.id].awaitingWallet = false;
    },
    /** The user chose a kind whose browser extension is missing: we suggest it before connecting. */
    extensionSuggestionShown(state, action: PayloadAction<WithId>) {
      const { id } = action.payload;
      if (state.connections[id].activating) return;
      state.activity[id].extensionSuggestion = true;
    },
    extensionSuggestionClosed(state, action: PayloadAction<WithId>) {
      delete state.activity[action.payload.id].extensionSuggestion;
    },
    /** "Continue without it": the suggestion closes and is not shown again for this kind (docs/behaviour.md §6.4). */
    extensionSuggestionDeclined(state, action: PayloadAction<WithId>) {
      const { id } = action.payload;
      delete state.activity[id].extensionSuggestion;
      const declined = state.withoutExtension ?? [];
      if (!declined.includes(id)) state.withoutExtension = [...declined, id];
    },
    /** The link is gone for good: shown as "Reload required" until the page reloads or a new attempt starts. */
    linkDied(state, action: PayloadAction<WithId<{ error: WalletError }>>) {
      const { id, error } = action.payload;
      endAttempt(state, id, error);
      state.activity[id].linkDead = true;
    },
    /** The wallet reported zero accounts (locked); the lifecycle keeps listening for them to come back. */
    walletLocked(state, action: PayloadAction<WithId>) {
      const { id } = action.payload;
      if (state.connections[id].error !== undefined) return;
      reset(state, id);
      state.activity[id].walletLocked = true;
    },
    /** What each kind offers changed (a wallet announced itself, an extension appeared). Validated here. */
    connectorsDescribed(state, action: PayloadAction<{ kinds: Partial<Record<ConnectionId, unknown>> }>) {
      for (const id of CONNECTION_IDS) {
        const described = readField(action.payload, 'kinds', id);
        // What it is called and how it shows stay as described at start unless the update says otherwise.
        if (described !== undefined) state.kinds[id] = readConnectorInfo(id, described, state.kinds[id]);
      }
      followPageOwner(state);
    },
    /** The pointer is on (or focus reached) a Connect control: the saga warms the kind's SDK up. */
    connectIntent(_state, _action: PayloadAction<WithId>) {},
    /** The user picked a browser extension among those that announced themselves. */
    extensionChosen(state, action: PayloadAction<{ rdns?: string }>) {
      const { rdns } = action.payload;
      if (typeof rdns === 'string' && rdns !== '' && rdns.length <= 300) state.chosenExtension = rdns;
      else delete state.chosenExtension;
    },
    chainSwitchRequested(state, action: PayloadAction<WithId<{ chainId: number }>>) {
      const { id } = action.payload;
      const chainId = chainIdOrUndefined(action.payload.chainId);
      const activity = state.activity[id];
      if (activity.switchingTo !== undefined || chainId === undefined) return;
      activity.switchingTo = chainId;
      delete activity.switchError;
    },
    /** The user stopped waiting for the wallet to answer a switch. */
    chainSwitchCancelled(state, action: PayloadAction<WithId>) {
      delete state.activity[action.payload.id].switchingTo;
    },
    chainSwitchSucceeded(state, action: PayloadAction<WithId<{ chainId: unknown }>>) {
      const { id, chainId } = action.payload;
      delete state.activity[id].switchingTo;
      if (isLive(state.connections[id])) applyUpdate(state, id, { chainId });
    },
    chainSwitchFailed(state, action: PayloadAction<WithId<{ error: WalletError }>>) {
      const { id, error } = action.payload;
      delete state.activity[id].switchingTo;
      state.activity[id].switchError = toWalletError(error);
    },
  },
});

export const walletActions = slice.actions;
const sliceReducer = slice.reducer;

/** Actions of this slice that concern no single kind. */
const KINDLESS: ReadonlySet<string> = new Set([walletActions.connectorsDescribed.type, walletActions.extensionChosen.type]);

/** Whether an action of this slice names a real kind (DevTools and replays can send anything). */
function namesAKind(action: UnknownAction): boolean {
  try {
    const payload = (action as { payload?: unknown }).payload;
    if (!isObject(payload)) return false;
    return KINDLESS.has(action.type) || isConnectionId(payload['id']);
  } catch {
    return false;
  }
}

/**
 * The slice's reducer behind one guard: an action of this slice whose payload is not an object or
 * names no kind changes nothing (it would otherwise index state by `'__proto__'` or throw).
 */
const walletReducer = (state: WalletState | undefined, action: UnknownAction): WalletState => {
  if (action.type.startsWith(`${slice.name}/`) && !namesAKind(action)) return state ?? sliceReducer(undefined, { type: `${slice.name}/init` });
  return sliceReducer(state, action);
};

/** The wallet slice, its reducer behind that guard. */
export const walletSlice = { ...slice, reducer: walletReducer };
