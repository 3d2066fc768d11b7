// A chain file (WALLETDECK_CHAINS) for a test build: the default chains in their default order, with
// some chains' RPC URLs pointed at local nodes (say Base 8453 at an anvil started with --chain-id 8453).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CHAIN_IDS } from '../../src/lib/chainDefaults';

export interface ChainsFileOptions {
  /** Chain id -> the URL(s) that replace its public ones. */
  rpcUrls?: Record<number, string | string[]>;
  allowed?: Partial<Record<'injected' | 'coinbase' | 'walletconnect', number[]>>;
  defaultChain?: number;
}

/** Writes `chains.json` into `dir` and returns its path, for WALLETDECK_CHAINS. */
export function writeChainsFile(dir: string, options: ChainsFileOptions = {}): string {
  const urls = options.rpcUrls ?? {};
  const chains = DEFAULT_CHAIN_IDS.map((id) => {
    const replaced = urls[id];
    return replaced === undefined ? id : { id, rpcUrls: Array.isArray(replaced) ? replaced : [replaced] };
  });
  const file = path.join(dir, 'chains.json');
  const content = { chains, ...(options.allowed ? { allowed: options.allowed } : {}), ...(options.defaultChain ? { defaultChain: options.defaultChain } : {}) };
  writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
  return file;
}
