import { createContext, useContext } from 'react';
import type { ChainTable } from '../lib/chains';

const ChainsContext = createContext<ChainTable>({});
export const ChainsProvider = ChainsContext.Provider;
export const useChains = (): ChainTable => useContext(ChainsContext);
