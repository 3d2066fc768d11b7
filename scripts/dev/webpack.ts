// How the development wallets enter a build: only a development build made with their settings (by
// `npm start`) gets the development entry, placed before the app's so that the wallet is in the page
// before the app boots. A production build never does, whatever the environment says.
import path from 'node:path';
import webpack from 'webpack';
import { DEV_WALLETS_ENV } from './settings';

export const DEV_ENTRY = 'devwallets';

export function devWalletsBuild(production: boolean, env: Record<string, string | undefined> = process.env): { entry: Record<string, string>; plugins: webpack.WebpackPluginInstance[] } {
  const raw = env[DEV_WALLETS_ENV]?.trim();
  if (production) return { entry: {}, plugins: [] };
  // A development build without them still defines the setting (empty): the app reads it (src/config.ts).
  if (!raw) return { entry: {}, plugins: [new webpack.DefinePlugin({ [`process.env.${DEV_WALLETS_ENV}`]: JSON.stringify('') })] };
  try {
    JSON.parse(raw);
  } catch {
    throw new Error(`${DEV_WALLETS_ENV} is set by \`npm start\` and must be JSON; got ${JSON.stringify(raw.slice(0, 80))}.`);
  }
  return {
    entry: { [DEV_ENTRY]: path.resolve(__dirname, 'extension/index.ts') },
    plugins: [new webpack.DefinePlugin({ [`process.env.${DEV_WALLETS_ENV}`]: JSON.stringify(raw) })],
  };
}

/**
 * What the development entry fetches beyond the app's own configuration (for a development CSP's
 * connect-src): the local Verify service. The chain (WALLETDECK_DEV_CHAIN_URL), the relay
 * (WALLETCONNECT_RELAY_URL) and the popup (COINBASE_KEYS_URL) are the app's settings already.
 */
export function devWalletsConnectSources(production: boolean, env: Record<string, string | undefined> = process.env): string[] {
  const raw = env[DEV_WALLETS_ENV]?.trim();
  if (production || !raw) return [];
  try {
    const settings = JSON.parse(raw) as { verifyOrigin?: unknown };
    return typeof settings.verifyOrigin === 'string' ? [settings.verifyOrigin] : [];
  } catch {
    return [];
  }
}
