// The wallet slice's property model (docs/behaviour.md §2): random sequences of every wallet action with random,
// often hostile payloads (what a wallet, a replayed DevTools log or a bug elsewhere can hand the
// store), and the check run after every step. Used by walletSlice.fuzz.test.ts.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { getAddress } from 'ethers';
import { CONNECTION_IDS, type ConnectionId } from '../../src/lib/connectors/types';
import { MAX_SAFE_CHAIN_ID } from '../../src/lib/validation';
import { createWalletState, walletActions, walletSlice, type WalletState } from '../../store/walletSlice';
import { build, hostile, isValidChainId, show, walletStateProblem, type Hostile } from '../support/hostile';

type ActionName = keyof typeof walletActions;
type FieldKind = 'attempt' | 'chainId' | 'accounts' | 'error' | 'bool' | 'uri' | 'kinds' | 'rdns';

/** The payload fields of each action (besides `id`), and what kind of value each carries. */
const FIELDS: Record<ActionName, Record<string, FieldKind>> = {
  connectRequested: { desiredChainId: 'chainId' },
  currentChosen: {},
  desiredChainSelected: { chainId: 'chainId' },
  activationStarted: { eager: 'bool', silent: 'bool' },
  activationSucceeded: { attempt: 'attempt', chainId: 'chainId', accounts: 'accounts' },
  activationFailed: { attempt: 'attempt', error: 'error' },
  activationEnded: { attempt: 'attempt' },
  awaitingWalletChanged: { attempt: 'attempt', waiting: 'bool' },
  reconnectSlow: { attempt: 'attempt' },
  pairingUriReceived: { attempt: 'attempt', uri: 'uri' },
  walletIdentified: { attempt: 'attempt', name: 'uri', icon: 'uri' },
  walletWindowChanged: { attempt: 'attempt', state: 'uri' },
  qrDialogClosed: {},
  connectCancelled: {},
  accountsChanged: { accounts: 'accounts' },
  chainChanged: { chainId: 'chainId' },
  providerDisconnected: { error: 'error' },
  sessionEnded: {},
  disconnectRequested: {},
  walletRequestCancelled: {},
  extensionSuggestionShown: {},
  extensionSuggestionClosed: {},
  extensionSuggestionDeclined: {},
  linkDied: { error: 'error' },
  walletLocked: {},
  connectorsDescribed: { kinds: 'kinds' },
  connectIntent: {},
  extensionChosen: { rdns: 'rdns' },
  chainSwitchRequested: { chainId: 'chainId' },
  chainSwitchCancelled: {},
  chainSwitchSucceeded: { chainId: 'chainId' },
  chainSwitchFailed: { error: 'error' },
};
const WITHOUT_ID = new Set<ActionName>(['connectorsDescribed', 'extensionChosen']);
const ATTEMPTED = new Set<ActionName>(['activationSucceeded', 'activationFailed', 'activationEnded', 'awaitingWalletChanged', 'reconnectSlow', 'pairingUriReceived', 'walletIdentified', 'walletWindowChanged']);
/** Actions the test names for the reducer: every one the slice has (a new action must be added above). */
const ACTION_NAMES = Object.keys(walletActions) as ActionName[];

type Field =
  | { t: 'omit' }
  | { t: 'hostile'; h: Hostile }
  | { t: 'attempt'; delta: number }
  | { t: 'chain'; v: number }
  | { t: 'accounts'; hex: string[]; lower: boolean }
  | { t: 'error'; code?: number; message: string }
  | { t: 'bool'; v: boolean }
  | { t: 'str'; v: string };

export type IdSpec = { t: 'id'; v: ConnectionId } | { t: 'badId'; v: string } | { t: 'hostileId'; h: Hostile };

interface Step {
  action: ActionName;
  id: IdSpec;
  fields: Record<string, Field>;
}

const CHAINS = [1, 10, 137, 56, 31337, 42161, 85, 80001, MAX_SAFE_CHAIN_ID];
const hex40 = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => Buffer.from(b).toString('hex'));

function good(kind: FieldKind): fc.Arbitrary<Field> {
  switch (kind) {
    case 'attempt':
      // Mostly the current attempt; otherwise a stale (older) or a future one.
      return fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 2 }) }).map((delta) => ({ t: 'attempt' as const, delta }));
    case 'chainId':
      return fc.constantFrom(...CHAINS).map((v) => ({ t: 'chain' as const, v }));
    case 'accounts':
      return fc.record({ hex: fc.array(hex40, { minLength: 0, maxLength: 3 }), lower: fc.boolean() }).map((r) => ({ t: 'accounts' as const, ...r }));
    case 'error':
      return fc
        .record({ code: fc.option(fc.constantFrom(4001, 4900, -32603, 4100), { nil: undefined }), message: fc.constantFrom('User rejected the request.', 'nope', '') })
        .map(({ code, message }) => ({ t: 'error' as const, message, ...(code === undefined ? {} : { code }) }));
    case 'bool':
      return fc.boolean().map((v) => ({ t: 'bool' as const, v }));
    case 'uri':
    case 'rdns':
      return fc.constantFrom('wc:00@2?relay-protocol=irn&symKey=00', 'io.metamask', '', 'x'.repeat(400)).map((v) => ({ t: 'str' as const, v }));
    case 'kinds':
      return fc.constant({ t: 'str' as const, v: 'kinds' });
  }
}

const field = (kind: FieldKind): fc.Arbitrary<Field> =>
  fc.oneof(
    { weight: 5, arbitrary: good(kind) },
    { weight: 2, arbitrary: hostile.map((h) => ({ t: 'hostile' as const, h })) },
    { weight: 1, arbitrary: fc.constant({ t: 'omit' as const }) },
  );

export const goodId = fc.constantFrom(...CONNECTION_IDS).map((v) => ({ t: 'id' as const, v }));
export const badId: fc.Arbitrary<IdSpec> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'Injected', 'injected ', '', 'metamask', '0').map((v) => ({ t: 'badId' as const, v })),
  hostile.map((h) => ({ t: 'hostileId' as const, h })),
);

const stepWith = (ids: fc.Arbitrary<IdSpec>): fc.Arbitrary<Step> =>
  fc.constantFrom(...ACTION_NAMES).chain((action) =>
    fc.record({
      action: fc.constant(action),
      id: ids,
      fields: fc.record(Object.fromEntries(Object.entries(FIELDS[action]).map(([name, kind]) => [name, field(kind)])) as Record<string, fc.Arbitrary<Field>>),
    }),
  );

/** A prelude that makes connected states common: start, then succeed with valid values. */
const connectStep = fc.record({ id: fc.constantFrom(...CONNECTION_IDS), chain: fc.constantFrom(...CHAINS), hex: hex40 }).chain(({ id, chain, hex }) =>
  fc.constant<Step[]>([
    { action: 'activationStarted', id: { t: 'id', v: id }, fields: { eager: { t: 'bool', v: false } } },
    {
      action: 'activationSucceeded',
      id: { t: 'id', v: id },
      fields: { attempt: { t: 'attempt', delta: 0 }, chainId: { t: 'chain', v: chain }, accounts: { t: 'accounts', hex: [hex], lower: true } },
    },
  ]),
);

export const sequence = (ids: fc.Arbitrary<IdSpec>) =>
  fc.array(fc.oneof({ weight: 6, arbitrary: stepWith(ids).map((s) => [s]) }, { weight: 1, arbitrary: connectStep }), { minLength: 1, maxLength: 20 }).map((chunks) => chunks.flat());

export const allowedLists: fc.Arbitrary<number[]> = fc.oneof(
  fc.constant([1, 10, 137, 31337]).map((l) => [...l]),
  fc.uniqueArray(fc.constantFrom(...CHAINS), { minLength: 1, maxLength: 4 }),
);

function idOf(spec: IdSpec): unknown {
  return spec.t === 'id' || spec.t === 'badId' ? spec.v : build(spec.h);
}

function valueOf(f: Field, state: WalletState, id: unknown): unknown {
  switch (f.t) {
    case 'omit':
      return undefined;
    case 'hostile':
      return build(f.h);
    case 'attempt': {
      const meta = (CONNECTION_IDS as readonly unknown[]).includes(id) ? state.activity[id as ConnectionId] : undefined;
      return (meta?.attempt ?? 0) + f.delta;
    }
    case 'chain':
      return f.v;
    case 'accounts':
      return f.hex.map((h) => (f.lower ? `0x${h}` : getAddress(`0x${h}`)));
    case 'error':
      return f.code === undefined ? { name: 'Error', message: f.message } : { name: 'ProviderRpcError', code: f.code, message: f.message };
    case 'bool':
      return f.v;
    case 'str':
      return f.v;
  }
}

/** Builds the action of a step against the current state (attempt numbers are relative to it). */
function actionOf(step: Step, state: WalletState): { type: string; payload: Record<string, unknown> } {
  const payload: Record<string, unknown> = {};
  const id = idOf(step.id);
  if (!WITHOUT_ID.has(step.action)) payload['id'] = id;
  for (const [name, f] of Object.entries(step.fields)) {
    if (f.t === 'omit') continue;
    if (name === 'kinds' && f.t === 'str') {
      payload['kinds'] = { injected: { name: 'MetaMask', available: true, wallets: [{ uuid: 'u', rdns: 'io.metamask', name: 'MetaMask', icon: '' }] } };
      continue;
    }
    payload[name] = valueOf(f, state, id);
  }
  return walletActions[step.action](payload as never) as { type: string; payload: Record<string, unknown> };
}

/** Certainly not a chain id by docs/behaviour.md §2.2 (integer in 1..MAX, in a number or its decimal/hex text); undefined = can't tell. */
function certainlyInvalidChainId(value: unknown): boolean {
  if (typeof value === 'number') return !isValidChainId(value);
  if (typeof value === 'string') {
    const text = value.trim();
    if (!/^(0x[0-9a-f]+|[0-9]+)$/i.test(text)) return true;
    const n = BigInt(text);
    return n < 1n || n > BigInt(MAX_SAFE_CHAIN_ID);
  }
  if (typeof value === 'bigint') return value < 1n || value > BigInt(MAX_SAFE_CHAIN_ID);
  // Objects, Proxies, symbols, functions, null, undefined: not a chain id (undefined means "no change").
  return value !== undefined;
}

/** Certainly not a list of addresses (docs/behaviour.md §2.2: each must be a valid address; mixed case must carry its checksum). */
function certainlyInvalidAccounts(value: unknown): boolean {
  if (value === undefined) return false;
  let list: unknown[];
  try {
    if (!Array.isArray(value)) return true;
    list = [...(value as unknown[])];
  } catch {
    return true;
  }
  return list.some((a) => {
    if (typeof a !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(a)) return true;
    try {
      getAddress(a);
      return false;
    } catch {
      return true;
    }
  });
}

/** Runs one sequence, checking every invariant after every step; throws with the step on failure. */
export function runSequence(allowed: number[], steps: Step[]): void {
  const allowedChainIds = Object.fromEntries(CONNECTION_IDS.map((id) => [id, allowed])) as Record<ConnectionId, number[]>;
  let state = createWalletState(allowedChainIds);
  const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  steps.forEach((step, index) => {
    const before = state;
    const action = actionOf(step, before);
    // Built only for a failure: printing every step cost more than checking it.
    const where = () => `step ${index} (${step.action} ${show(step)})`;
    try {
      state = walletSlice.reducer(before, action as never);
    } catch (error) {
      throw new Error(`${where()}: the reducer threw ${show(String(error))}`);
    }
    const problem = walletStateProblem(state);
    if (problem) throw new Error(`${where()}: ${problem}`);
    if (!isDeepStrictEqual(Object.getOwnPropertyNames(Object.prototype).sort(), protoKeys)) throw new Error(`${where()}: Object.prototype was polluted`);
    if (!isDeepStrictEqual(state.allowedChainIds, before.allowedChainIds)) throw new Error(`${where()}: the allowed chain lists changed`);
    const id = idOf(step.id);
    const known = typeof id === 'string' && (CONNECTION_IDS as readonly string[]).includes(id);
    if (!WITHOUT_ID.has(step.action) && !known && !isDeepStrictEqual(state, before)) {
      throw new Error(`${where()}: an action for no kind (${show(String(typeof id === 'string' ? id : typeof id))}) changed the state`);
    }
    if (!known) return;
    const kind = id as ConnectionId;
    if (state.activity[kind].attempt < before.activity[kind].attempt) throw new Error(`${where()}: attempt went back from ${before.activity[kind].attempt} to ${state.activity[kind].attempt}`);
    // docs/behaviour.md §2.6: a stale result (from an attempt that was superseded or cancelled) never changes state.
    if (ATTEMPTED.has(step.action) && action.payload['attempt'] !== before.activity[kind].attempt && !isDeepStrictEqual(state, before)) {
      throw new Error(`${where()}: a result for attempt ${show(action.payload['attempt'])} (current ${before.activity[kind].attempt}) changed the state`);
    }
    // docs/behaviour.md §2.2: an invalid update changes nothing and is reported. Judged on a fresh copy of the
    // payload: a value that answers differently on each read (a lying list) is judged by what the
    // reducer's one read saw, the first read, not by a later one. Only updates can be invalid ones.
    if (step.action !== 'chainChanged' && step.action !== 'accountsChanged') return;
    const fresh = actionOf(step, before).payload;
    const live = before.connections[kind].activating || before.connections[kind].chainId !== undefined || before.connections[kind].accounts !== undefined;
    const invalid =
      (step.action === 'chainChanged' && 'chainId' in fresh && certainlyInvalidChainId(fresh['chainId'])) ||
      (step.action === 'accountsChanged' && 'accounts' in fresh && certainlyInvalidAccounts(fresh['accounts']));
    if (invalid && !isDeepStrictEqual(state.connections[kind], before.connections[kind])) {
      throw new Error(`${where()}: an invalid update changed the connection to ${show(state.connections[kind])}`);
    }
    if (invalid && live && state.activity[kind].rejectedUpdate === undefined) throw new Error(`${where()}: an invalid update was not reported`);
  });
}

