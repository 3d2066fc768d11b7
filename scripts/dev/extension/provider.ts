// The development wallet's in-page EIP-1193 provider, as an extension puts one in the page: `request`
// answered by the wallet, `connect` at start, `accountsChanged` and `chainChanged` (hex) when they
// change, errors rejected as Errors with the standard `code`.
import { isRecord } from '../../../src/lib/guards';
import { WalletError } from '../shared/requests';
import type { DevExtensionWallet, WalletEvent } from './wallet';

type Listener = (...args: unknown[]) => void;

export interface DevProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: Listener): DevProvider;
  addListener(event: string, listener: Listener): DevProvider;
  once(event: string, listener: Listener): DevProvider;
  removeListener(event: string, listener: Listener): DevProvider;
  off(event: string, listener: Listener): DevProvider;
  isConnected(): boolean;
  readonly isWalletdeckDevWallet: true;
}

function providerError(error: unknown): Error {
  if (error instanceof WalletError) return error;
  return new WalletError(-32603, error instanceof Error ? error.message : String(error));
}

export function createDevProvider(wallet: DevExtensionWallet): DevProvider {
  const listeners = new Map<string, Listener[]>();

  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch (error) {
        // A site's listener that throws must not stop the others, as in MetaMask's provider.
        console.error(error);
      }
    }
  };

  let lastAccounts = JSON.stringify(wallet.visibleAccounts());
  const accountsChanged = (accounts: string[]) => {
    const key = JSON.stringify(accounts);
    if (key === lastAccounts) return;
    lastAccounts = key;
    emit('accountsChanged', accounts);
  };

  wallet.subscribe((event: WalletEvent) => {
    if (event.type === 'accountsChanged') accountsChanged(event.accounts);
    else emit('chainChanged', event.chainId);
  });

  const provider: DevProvider = {
    isWalletdeckDevWallet: true,
    async request(args) {
      if (!isRecord(args) || typeof args['method'] !== 'string' || args['method'] === '') {
        throw new WalletError(-32600, "Expected a single, non-array, object argument with a non-empty string 'method'.");
      }
      try {
        return await wallet.request(args['method'], args['params']);
      } catch (error) {
        throw providerError(error);
      }
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
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
      const list = listeners.get(event) ?? [];
      const index = list.lastIndexOf(listener);
      if (index >= 0) list.splice(index, 1);
      return provider;
    },
    off(event, listener) {
      return provider.removeListener(event, listener);
    },
    isConnected: () => true,
  };

  // As an extension's provider does once its background answered: usually before the site listens.
  queueMicrotask(() => emit('connect', { chainId: `0x${wallet.chainId.toString(16)}` }));
  return provider;
}
