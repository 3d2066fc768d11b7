// Builds the three connectors for a page. Heavy SDK connectors import their SDK lazily.
import { InjectedConnector, type InjectedHost } from './injected';
import type { ConnectionId, Connector, ConnectorRegistry } from './types';
import { UnavailableConnector } from './unavailable';

export type ConnectorFactories = Partial<Record<ConnectionId, () => Connector>>;

export function createConnectors(host: InjectedHost | undefined, factories: ConnectorFactories = {}): ConnectorRegistry {
  return {
    injected: factories.injected?.() ?? new InjectedConnector(host),
    coinbase: factories.coinbase?.() ?? new UnavailableConnector('coinbase', 'Coinbase Wallet', 'Coinbase Wallet is not configured in this build'),
    walletconnect:
      factories.walletconnect?.() ?? new UnavailableConnector('walletconnect', 'WalletConnect', 'WalletConnect is not configured in this build'),
  };
}
