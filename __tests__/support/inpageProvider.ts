// The in-page half of the one fake wallet: an EIP-1193 provider that behaves as MetaMask's
// (@metamask/providers 22 BaseProvider / StreamProvider, read and measured): it asks for the provider
// state at injection and emits `connect` then (usually before the app listens); it keeps the accounts
// and chain it last saw and drops identical `accountsChanged` / `chainChanged`; it emits
// `accountsChanged` from the results of eth_accounts / eth_requestAccounts; `metamask_chainChanged`
// with `isConnected: false` emits disconnect 1013, and recovery emits `connect`; a stream failure
// emits 1011 and every later request never settles; background errors reject as plain objects.
//
// `createInpageProvider` must stay self-contained (no imports, no module-level helpers): the browser
// fake sends its source text into the page, the in-process fake calls it directly.

export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** Values that are not JSON, as a hostile wallet might hand them over. */
export type HostileKind = 'nullPrototype' | 'throwingToString' | 'proxy' | 'errorInstance' | 'string' | 'undefined' | 'number';

/**
 * A misbehaviour for one method: never answer, answer this value, fail with this error, settle with
 * a value that is not JSON, throw synchronously from `request`, or return a value that is not a promise.
 */
export type Misbehaviour =
  | { hang: true }
  | { result: unknown }
  | { error: RpcErrorObject }
  | { resolveHostile: HostileKind }
  | { rejectHostile: HostileKind }
  | { throwSync: HostileKind }
  | { returnValue: unknown };

/** What the background answers over the wire. */
export type WireAnswer =
  /** `scripted`: a test scripted this exact answer; the provider hands it on without tracking accounts. */
  | { result: unknown; scripted?: boolean }
  | { error: RpcErrorObject }
  | { hostile: HostileKind; reject: boolean }
  /** In-process only: a test's handler failed with something that is not an RPC error; passed on as thrown. */
  | { rejectWith: unknown };

/** What the wallet side pushes to a provider. */
export type ProviderMessage =
  /** A MetaMask background notification (metamask_accountsChanged, metamask_chainChanged, METAMASK_STREAM_FAILURE). */
  | { kind: 'notification'; method: string; params?: unknown }
  /** An event straight to the app's listeners, bypassing the provider's checks (any wallet can). */
  | { kind: 'raw'; event: string; args: unknown[] }
  /** The same with a value that is not JSON. */
  | { kind: 'rawHostile'; event: string; hostile: HostileKind; wrapInArray?: boolean }
  /** Misbehaviours the provider acts out itself (synchronous throw, non-promise answer). */
  | { kind: 'fault'; method: string; fault: Misbehaviour | undefined }
  /** Many messages in one go, `times` over (an event storm). */
  | { kind: 'batch'; messages: ProviderMessage[]; times: number };

export interface ProviderPort {
  send(method: string, params: unknown, internal: boolean): Promise<WireAnswer>;
}

type Listener = (...args: unknown[]) => void;

export interface InpageProvider {
  request(args: unknown): Promise<unknown>;
  on(event: string, listener: Listener): InpageProvider;
  addListener(event: string, listener: Listener): InpageProvider;
  once(event: string, listener: Listener): InpageProvider;
  removeListener(event: string, listener: Listener): InpageProvider;
  off(event: string, listener: Listener): InpageProvider;
  removeAllListeners(event?: string): InpageProvider;
  listenerCount(event: string): number;
  isConnected(): boolean;
  readonly chainId: string | null;
  readonly selectedAddress: string | null;
  [flag: string]: unknown;
}

export interface InpageHandle {
  provider: InpageProvider;
  deliver(message: ProviderMessage): void;
  /** The provider's own state, for tests. */
  state(): { accounts: string[] | null; chainId: string | null; isConnected: boolean; initialized: boolean; dead: boolean };
}

export function createInpageProvider(
  port: ProviderPort,
  options: {
    flags?: Record<string, unknown>;
    /** The provider state at injection when it is at hand (in-process); otherwise it is asked for. */
    initialState?: unknown;
    onListenerError?: (error: unknown) => void;
    log?: (...args: unknown[]) => void;
  },
): InpageHandle {
  const listeners = new Map<string, Listener[]>();
  const faults = new Map<string, Misbehaviour>();
  const state = { accounts: null as string[] | null, chainId: null as string | null, isConnected: false, initialized: false, dead: false };
  const log = options.log ?? (() => undefined);

  const hostile = (kind: HostileKind): unknown => {
    switch (kind) {
      case 'nullPrototype':
        return Object.assign(Object.create(null) as object, { code: 4001, message: 'no prototype' });
      case 'throwingToString':
        return {
          toString() {
            throw new Error('toString refused');
          },
          toJSON() {
            throw new Error('toJSON refused');
          },
          valueOf() {
            throw new Error('valueOf refused');
          },
          get code() {
            throw new Error('code refused');
          },
        };
      case 'proxy': {
        const trap = () => {
          throw new Error('proxy trap');
        };
        return new Proxy({}, { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap, getOwnPropertyDescriptor: trap });
      }
      case 'errorInstance':
        return Object.assign(new Error('an Error instance with a code'), { code: 4001 });
      case 'string':
        return 'just a string';
      case 'number':
        return 42;
      case 'undefined':
        return undefined;
    }
  };

  const emit = (event: string, ...args: unknown[]): boolean => {
    const current = listeners.get(event);
    if (!current || current.length === 0) return false;
    // MetaMask's SafeEventEmitter: a listener that throws does not stop the others, nor the emitter.
    for (const listener of [...current]) {
      try {
        listener(...args);
      } catch (error) {
        options.onListenerError?.(error);
      }
    }
    return true;
  };

  const sameAccounts = (a: string[] | null, b: string[]) => a !== null && a.length === b.length && a.every((x, i) => x === b[i]);

  const handleAccountsChanged = (accounts: unknown) => {
    let next: string[] = Array.isArray(accounts) ? (accounts as unknown[]).filter((a): a is string => typeof a === 'string') : [];
    if (Array.isArray(accounts) && next.length !== accounts.length) next = [];
    if (sameAccounts(state.accounts, next)) return;
    state.accounts = next;
    if (state.initialized) emit('accountsChanged', [...next]);
  };

  const disconnectError = (code: number, message: string) => Object.assign(new Error(message), { code });

  const handleConnect = (chainId: unknown, isConnected: unknown) => {
    if (!state.isConnected && isConnected === true) {
      state.isConnected = true;
      emit('connect', { chainId });
    }
  };

  const handleDisconnect = (recoverable: boolean) => {
    if (state.isConnected || (!state.dead && !recoverable)) {
      state.isConnected = false;
      if (recoverable) {
        emit('disconnect', disconnectError(1013, 'MetaMask: Disconnected from chain. Attempting to connect.'));
      } else {
        state.chainId = null;
        state.accounts = null;
        state.dead = true;
        emit('disconnect', disconnectError(1011, 'MetaMask: Disconnected from MetaMask background. Page reload required.'));
      }
    }
  };

  const handleChainChanged = (params: unknown) => {
    const { chainId, networkVersion, isConnected } = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
    const validChain = typeof chainId === 'string' && chainId.startsWith('0x');
    const validVersion = typeof networkVersion === 'string' && (/^\d+$/.test(networkVersion) || networkVersion === 'loading');
    if (!validChain || !validVersion) {
      log('MetaMask: Received invalid network parameters. Please report this bug.', { chainId, networkVersion });
      return;
    }
    handleConnect(chainId, isConnected);
    if (chainId !== state.chainId) {
      state.chainId = chainId;
      if (state.initialized) emit('chainChanged', chainId);
    }
    if (!isConnected) handleDisconnect(true);
  };

  const send = (method: string, params: unknown, internal: boolean): Promise<unknown> => {
    // After the stream failed, MetaMask writes into a dead stream: the request never settles.
    if (state.dead) return new Promise(() => undefined);
    return port.send(method, params, internal).then((answer) => {
      if (state.dead) return new Promise(() => undefined);
      if ('hostile' in answer) {
        const value = hostile(answer.hostile);
        if (answer.reject) throw value;
        return value;
      }
      if ('rejectWith' in answer) throw answer.rejectWith;
      if ('scripted' in answer && answer.scripted) return answer.result;
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') handleAccountsChanged('result' in answer ? (answer.result ?? []) : []);
      if ('error' in answer) {
        // Plain data, as it crossed the extension's stream: never an Error instance.
        const error: Record<string, unknown> = { code: answer.error.code, message: answer.error.message };
        if (answer.error.data !== undefined) error['data'] = answer.error.data;
        error['stack'] = `Error: ${answer.error.message}\n    at background`;
        throw error;
      }
      return answer.result;
    });
  };

  const provider: InpageProvider = {
    ...(options.flags ?? {}),
    request(args: unknown): Promise<unknown> {
      const method = typeof args === 'object' && args !== null ? (args as { method?: unknown }).method : undefined;
      const fault = typeof method === 'string' ? faults.get(method) : undefined;
      if (fault && 'throwSync' in fault) throw hostile(fault.throwSync);
      if (fault && 'returnValue' in fault) return fault.returnValue as Promise<unknown>;
      if (typeof args !== 'object' || args === null || Array.isArray(args)) {
        return Promise.reject(Object.assign(new Error('Expected a single, non-array, object argument.'), { code: -32600 }));
      }
      const { params } = args as { params?: unknown };
      if (typeof method !== 'string' || method.length === 0) {
        return Promise.reject(Object.assign(new Error("'args.method' must be a non-empty string."), { code: -32600 }));
      }
      if (params !== undefined && params !== null && typeof params !== 'object') {
        return Promise.reject(Object.assign(new Error("'args.params' must be an object or array if provided."), { code: -32600 }));
      }
      return send(method, params, false);
    },
    on(event, listener) {
      const list = listeners.get(event) ?? [];
      list.push(listener);
      listeners.set(event, list);
      return provider;
    },
    addListener(event, listener) {
      return provider.on(event, listener);
    },
    once(event, listener) {
      const wrapped: Listener = (...args) => {
        provider.removeListener(event, wrapped);
        listener(...args);
      };
      return provider.on(event, wrapped);
    },
    removeListener(event, listener) {
      const list = listeners.get(event);
      const index = list ? list.lastIndexOf(listener) : -1;
      if (list && index >= 0) list.splice(index, 1);
      return provider;
    },
    off(event, listener) {
      return provider.removeListener(event, listener);
    },
    removeAllListeners(event) {
      if (event === undefined) listeners.clear();
      else listeners.delete(event);
      return provider;
    },
    listenerCount(event) {
      return listeners.get(event)?.length ?? 0;
    },
    isConnected() {
      return state.isConnected;
    },
    get chainId() {
      return state.chainId;
    },
    get selectedAddress() {
      return state.accounts?.[0] ?? null;
    },
  };

  const deliver = (message: ProviderMessage): void => {
    switch (message.kind) {
      case 'notification':
        if (message.method === 'metamask_accountsChanged') handleAccountsChanged(message.params);
        else if (message.method === 'metamask_chainChanged') handleChainChanged(message.params);
        else if (message.method === 'METAMASK_STREAM_FAILURE') handleDisconnect(false);
        return;
      case 'raw':
        emit(message.event, ...message.args);
        return;
      case 'rawHostile': {
        const value = hostile(message.hostile);
        emit(message.event, message.wrapInArray ? [value] : value);
        return;
      }
      case 'fault':
        if (message.fault) faults.set(message.method, message.fault);
        else faults.delete(message.method);
        return;
      case 'batch':
        for (let i = 0; i < message.times; i += 1) for (const inner of message.messages) deliver(inner);
        return;
    }
  };

  const initialize = (initial: unknown) => {
    if (typeof initial === 'object' && initial !== null) {
      const { accounts, chainId, networkVersion, isConnected } = initial as Record<string, unknown>;
      handleConnect(chainId, isConnected);
      handleChainChanged({ chainId, networkVersion, isConnected });
      handleAccountsChanged(accounts);
    }
    state.initialized = true;
    emit('_initialized');
  };

  // At injection: the provider state, then `connect` (MetaMask: ~20 ms after injection, usually
  // before the app has subscribed). In-process the state is at hand; in a page it is asked for.
  if (options.initialState !== undefined) initialize(options.initialState);
  else {
    port.send('metamask_getProviderState', { isInitializingStreamProvider: true }, true).then(
      (answer) => initialize('result' in answer ? answer.result : undefined),
      () => initialize(undefined),
    );
  }

  return { provider, deliver, state: () => ({ ...state, accounts: state.accounts && [...state.accounts] }) };
}
