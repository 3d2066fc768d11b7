import { createContext, useContext } from 'react';
import type { ConnectorRegistry } from '../lib/connectors/types';

const ConnectorsContext = createContext<ConnectorRegistry | null>(null);
export const ConnectorsProvider = ConnectorsContext.Provider;

export function useConnectors(): ConnectorRegistry {
  const registry = useContext(ConnectorsContext);
  if (!registry) throw new Error('useConnectors needs a ConnectorsProvider');
  return registry;
}
