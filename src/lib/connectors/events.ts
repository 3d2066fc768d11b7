// The one mapping from an EIP-1193 provider's events to connector events, used by every connector.
// Total: a wallet may emit anything (null-prototype objects, Proxies, throwing getters); what leaves
// here has accounts and chain ids as plain JSON (chain ids normalised); errors stay as the wallet gave
// them, for the sagas to make plain with the total toWalletError. The store validates.
import { LINK_DEAD_CODE, errorCode, isReconnectingDisconnect, plainList, plainValue } from '../errors';
import { field, isObject } from '../guards';
import { normalizeChainId } from '../validation';
import type { ConnectorEvent, ConnectorListener } from './types';

type Listener = (...args: unknown[]) => void;

/** What an EIP-1193 provider may offer for events; every part is optional and untrusted. */
export interface EventSource {
  on?(event: string, listener: Listener): unknown;
  removeListener?(event: string, listener: Listener): unknown;
}

export type Method = (...args: unknown[]) => unknown;


export function objectAt(owner: unknown, name: string): object | undefined {
  const value = field(owner, name);
  return isObject(value) ? value : undefined;
}

export function methodAt(owner: unknown, name: string): Method | undefined {
  const value = field(owner, name);
  return typeof value === 'function' ? (value as Method) : undefined;
}

/** Anything with a callable `request`: the least an EIP-1193 provider must have. */
export function isProvider(value: unknown): value is { request: (...args: never[]) => unknown } {
  try {
    return isObject(value) && typeof value['request'] === 'function';
  } catch {
    return false; // a Proxy whose trap throws is no provider we can use
  }
}

/** The chain id inside a `connect` event's `{ chainId }`, when there is one. */
function connectChainId(info: unknown): unknown {
  try {
    return isObject(info) ? info['chainId'] : undefined;
  } catch {
    return undefined;
  }
}

export interface ProviderEventOptions {
  /**
   * Decides what a `disconnect` without the 1013/1011 special cases means; by default an error
   * is a dropped link and no error an ended session. Return undefined to drop the event.
   */
  disconnect?(error: unknown): ConnectorEvent | undefined;
}

function defaultDisconnect(error: unknown): ConnectorEvent {
  return error === undefined ? { type: 'sessionEnded' } : { type: 'disconnect', error };
}

/** The handlers for `accountsChanged`, `chainChanged`, `connect` and `disconnect`, as plain events. */
export type ProviderEventHandlers = Record<'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect', Listener>;

export function providerEventHandlers(emit: ConnectorListener, options: ProviderEventOptions = {}): ProviderEventHandlers {
  return {
    accountsChanged: (accounts) => emit({ type: 'accountsChanged', accounts: plainList(accounts) }),
    chainChanged: (chainId) => emit({ type: 'chainChanged', chainId: plainValue(normalizeChainId(chainId)) }),
    connect: (info) => {
      const chainId = connectChainId(info);
      if (chainId !== undefined) emit({ type: 'connect', chainId: plainValue(normalizeChainId(chainId)) });
    },
    disconnect: (error) => {
      // MetaMask's "reconnecting": it recovers by itself and says so with `connect`.
      if (isReconnectingDisconnect(error)) return;
      if (errorCode(error) === LINK_DEAD_CODE) return emit({ type: 'linkDead', error });
      const event = options.disconnect ? options.disconnect(error) : defaultDisconnect(error);
      if (event) emit(event);
    },
  };
}

/**
 * Attaches handlers to a provider; returns the detach. Never throws: a provider whose `on` throws
 * simply gives no events, and only what was attached is detached.
 */
export function attachHandlers(source: EventSource, handlers: Record<string, Listener>): () => void {
  const attached: Array<[string, Listener]> = [];
  for (const [name, handler] of Object.entries(handlers)) {
    try {
      if (typeof source.on !== 'function') break;
      source.on(name, handler);
      attached.push([name, handler]);
    } catch {
      // This event is not offered; the others may be.
    }
  }
  return () => {
    for (const [name, handler] of attached) {
      try {
        source.removeListener?.(name, handler);
      } catch {
        // Nothing more we can do for a provider that refuses to let go.
      }
    }
  };
}

/** A listener set whose listeners cannot starve each other: one throwing never stops the rest. */
export class ListenerSet<E> {
  private readonly listeners = new Set<(event: E) => void>();

  get size(): number {
    return this.listeners.size;
  }

  subscribe(listener: (event: E) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(event: E): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // One listener failing must not starve the others.
      }
    }
  }
}
