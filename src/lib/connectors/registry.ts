// Builds the three connectors for a page. Heavy SDK connectors import their SDK lazily. A kind whose
// connector cannot even be built (a page API that throws) is that kind unavailable, never a page
// that cannot start.
import { describeValue } from '../errors';
import { CONNECTOR_NAMES } from './describe';
import { InjectedConnector, type InjectedHost } from './injected';
import { SafeConnector } from './safe';
import type { ConnectionId, Connector, ConnectorRegistry } from './types';
import { UnavailableConnector } from './unavailable';

export type ConnectorFactories = Partial<Record<ConnectionId, () => Connector>>;

function build(id: ConnectionId, make: () => Connector): Connector {
  try {
    return make();
  } catch (error) {
    return new UnavailableConnector(id, CONNECTOR_NAMES[id], `${CONNECTOR_NAMES[id]} could not start in this browser: ${error instanceof Error ? error.message : describeValue(error)}`);
  }
}

export function createConnectors(host: InjectedHost | undefined, factories: ConnectorFactories = {}): ConnectorRegistry {
  return {
    injected: build('injected', factories.injected ?? (() => new InjectedConnector(host))),
    coinbase: build('coinbase', factories.coinbase ?? (() => new UnavailableConnector('coinbase', 'Coinbase Wallet', 'Coinbase Wallet is not configured in this build'))),
    walletconnect: build(
      'walletconnect',
      factories.walletconnect ?? (() => new UnavailableConnector('walletconnect', 'WalletConnect', 'WalletConnect is not configured in this build')),
    ),
    safe: build('safe', factories.safe ?? (() => new SafeConnector(host))),
  };
}
