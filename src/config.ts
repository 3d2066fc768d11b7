// Build-time configuration (webpack DefinePlugin replaces each `process.env.X`), read in one place.
import { buildChainTable, chainIds, type ChainTable } from './lib/chains';
import { CONNECTION_IDS, type ConnectionId } from './lib/connectors/types';

function env(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export interface AppConfig {
  chains: ChainTable;
  allowedChainIds: Record<ConnectionId, number[]>;
  appName: string;
  appLogoUrl: string;
  walletConnect: { projectId?: string; relayUrl?: string };
  coinbase: { keysUrl?: string; preference: 'all' | 'eoaOnly' | 'smartWalletOnly' };
  qrCloseIsError: boolean;
  development: boolean;
}

/** `development`: the app's build mode (webpack replaces NODE_ENV); webpack.config.ts passes it to read the same table. */
export function loadConfig(development: boolean = process.env.NODE_ENV !== 'production'): AppConfig {
  const chains = buildChainTable(
    { infuraKey: env(process.env.INFURA_KEY), alchemyKey: env(process.env.ALCHEMY_KEY) },
    env(process.env.WALLETDECK_DEV_CHAIN_URL) ?? (development ? 'http://127.0.0.1:8545' : undefined),
  );
  const ids = chainIds(chains);
  const preference = env(process.env.COINBASE_PREFERENCE);
  return {
    chains,
    allowedChainIds: Object.fromEntries(CONNECTION_IDS.map((id) => [id, ids])) as Record<ConnectionId, number[]>,
    appName: 'Walletdeck',
    appLogoUrl: '/favicon.svg',
    walletConnect: { projectId: env(process.env.WALLETCONNECT_PROJECT_ID), relayUrl: env(process.env.WALLETCONNECT_RELAY_URL) },
    coinbase: {
      keysUrl: env(process.env.COINBASE_KEYS_URL),
      preference: preference === 'eoaOnly' || preference === 'smartWalletOnly' ? preference : 'all',
    },
    qrCloseIsError: env(process.env.WALLETDECK_QR_CLOSE) !== 'idle',
    development,
  };
}
