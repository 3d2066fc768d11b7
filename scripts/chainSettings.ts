// The chain table of a build, read in one place (webpack.config.ts and, through chainCheck.js,
// scripts/start.js): the defaults, or the deployer's WALLETDECK_CHAINS file checked line by line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildChains, type ChainSettingsResult } from '../src/lib/chainConfig';

const root = path.resolve(__dirname, '..');

/** Where the development chain answers when WALLETDECK_DEV_CHAIN_URL is not set (development builds). */
export const DEFAULT_DEV_CHAIN_URL = 'http://127.0.0.1:8545';

const setting = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** The build's chains from its environment; a file named relative to the project folder. */
export function readChainSettings(env: Record<string, string | undefined>, options: { development: boolean }): ChainSettingsResult {
  const keys = { infuraKey: setting(env.INFURA_KEY), alchemyKey: setting(env.ALCHEMY_KEY) };
  const developmentRpcUrl = setting(env.WALLETDECK_DEV_CHAIN_URL) ?? (options.development ? DEFAULT_DEV_CHAIN_URL : undefined);
  const label = setting(env.WALLETDECK_CHAINS);
  if (label === undefined) return buildChains({ keys, developmentRpcUrl });
  const file = path.resolve(root, label);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? `no such file (${file})` : `the file cannot be read (${code ?? String(error)})`;
    return { problems: [`WALLETDECK_CHAINS=${label}: ${why}.`] };
  }
  return buildChains({ file: { label, text }, keys, developmentRpcUrl });
}
