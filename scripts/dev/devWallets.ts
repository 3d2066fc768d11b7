// The development wallets of `npm start` (development builds only; docs/behaviour.md §11):
// a browser-extension wallet in the page, a WalletConnect phone page over a local relay, and a
// Coinbase Wallet popup served locally, all holding the local chain's test accounts and asking the
// user to approve or reject. scripts/start.js calls these functions in this order, and the browser
// tests call the same ones: plan (settings and ports, before anything starts), start (the servers,
// once the chain is up; the settings the development server needs), instructions (what the terminal
// says once the app is served).
import { getAddress } from 'ethers';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { DEVELOPMENT_CHAIN_ID } from '../../src/lib/chains';
import { portTaken } from '../portCheck';
import { serveCoinbaseKeys, type KeysServer } from './coinbase/keysServer';
import type { SmartAccountInfo } from './coinbase/smartAccount';
import { prepareDevSmartAccount } from './coinbase/smartAccountSetup';
import { DEV_NAMES, DEV_WALLETS_ENV, type DevEntrySettings } from './settings';
import { rpc } from './shared/requests';
import { startPhoneServer, type PhoneServer } from './walletconnect/phoneServer';

/** The project id the app and the phone send the local relay (which accepts any). */
export const DEV_PROJECT_ID = 'walletdeck-development';

type Env = Record<string, string | undefined>;

const set = (env: Env, name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);

export interface DevWalletsPlan {
  appPort: number;
  /** The development phone, relay and Verify service; absent when the user configured WalletConnect. */
  phonePort?: number;
  /** The Coinbase Wallet popup; absent when COINBASE_KEYS_URL is set. */
  coinbasePort?: number;
  /** Why a wallet is not started (the user's own settings win), one line each. */
  off: string[];
}

/** Which wallets run and on which ports: PORT + 1 and PORT + 2 unless set (settings checked by scripts/buildEnv.ts). */
export function planDevWallets(env: Env): DevWalletsPlan {
  const appPort = Number(set(env, 'PORT') ?? 3000);
  const off: string[] = [];
  const plan: DevWalletsPlan = { appPort, off };
  if (set(env, 'WALLETCONNECT_PROJECT_ID') || set(env, 'WALLETCONNECT_RELAY_URL')) {
    off.push('WalletConnect: your WALLETCONNECT_PROJECT_ID / WALLETCONNECT_RELAY_URL are used; the development phone is off.');
  } else {
    plan.phonePort = Number(set(env, 'WALLETDECK_DEV_PHONE_PORT') ?? appPort + 1);
  }
  if (set(env, 'COINBASE_KEYS_URL')) {
    off.push('Coinbase Wallet: your COINBASE_KEYS_URL is used; the development popup is off.');
  } else {
    plan.coinbasePort = Number(set(env, 'WALLETDECK_DEV_COINBASE_PORT') ?? appPort + 2);
  }
  return plan;
}

/** One line for the first port that cannot be used, or undefined when all are free. */
export async function devWalletPortProblem(plan: DevWalletsPlan): Promise<string | undefined> {
  const wanted: [number | undefined, string, string][] = [
    [plan.phonePort, 'the development phone (WalletConnect)', 'WALLETDECK_DEV_PHONE_PORT'],
    [plan.coinbasePort, 'the development Coinbase Wallet popup', 'WALLETDECK_DEV_COINBASE_PORT'],
  ];
  const used = new Map<number, string>([[plan.appPort, 'the app (PORT)']]);
  for (const [port, what, variable] of wanted) {
    if (port === undefined) continue;
    const fix = `choose another port with ${variable}=<port> npm start.`;
    if (port > 65535) return `${what} would use port ${port}, above 65535: ${fix}`;
    const clash = used.get(port);
    if (clash) return `${what} and ${clash} would both use port ${port}: ${fix}`;
    if (await portTaken(port)) return `Port ${port} is already in use, and ${what} needs it: stop what runs there, or ${fix}`;
    used.set(port, what);
  }
  return undefined;
}

export interface DevWallets {
  /** What the development server's build needs (the app's wallet settings and the development entry). */
  env: Record<string, string>;
  phone?: PhoneServer;
  coinbase?: KeysServer;
  /** The Coinbase popup's smart account (absent when the popup is off or the chain could not be prepared for it). */
  smart?: SmartAccountInfo;
  /** What the terminal says once the app is served at `appUrl`: two lines per wallet. */
  instructions(appUrl: string): string[];
  close(): Promise<void>;
}

/** Starts the wallets' servers for the local chain at `chainUrl` (which must be up: its accounts are asked). */
export async function startDevWallets(plan: DevWalletsPlan, chainUrl: string): Promise<DevWallets> {
  const unlocked = await rpc<string[]>(chainUrl, 'eth_accounts');
  if (!Array.isArray(unlocked) || unlocked.length === 0) throw new Error(`The chain at ${chainUrl} has no unlocked test accounts for the development wallets.`);
  const accounts = unlocked.map((address) => getAddress(address));
  const table = buildChainTable({}, chainUrl);
  const local = table[DEVELOPMENT_CHAIN_ID]!;
  const chain = { chainUrl, chainId: local.id, chainName: local.name };
  const chainNames = Object.fromEntries(Object.values(table).map((c) => [c.id, c.name]));
  // The popup's smart account needs its factory and bundler on the chain; without them the popup still offers the keys.
  let smart: SmartAccountInfo | undefined;
  let smartProblem: string | undefined;
  if (plan.coinbasePort !== undefined) {
    try {
      smart = await prepareDevSmartAccount(chainUrl);
    } catch (error) {
      smartProblem = error instanceof Error ? error.message : String(error);
    }
  }

  const started = await Promise.allSettled([
    plan.phonePort === undefined ? undefined : startPhoneServer({ port: plan.phonePort, projectId: DEV_PROJECT_ID, accounts, chain, chainNames }),
    plan.coinbasePort === undefined ? undefined : serveCoinbaseKeys({ port: plan.coinbasePort, accounts, signer: chain, chainNames, ...(smart ? { smart } : {}) }),
  ]);
  const [phone, coinbase] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined)) as [PhoneServer | undefined, KeysServer | undefined];
  const close = async () => {
    await Promise.all([phone?.close(), coinbase?.close()]);
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }

  const entry: DevEntrySettings = { wallet: { ...chain, accounts }, ...(phone ? { verifyOrigin: phone.verifyOrigin, phoneUrl: phone.url, phoneName: DEV_NAMES.phone.toLowerCase() } : {}) };
  const env: Record<string, string> = { [DEV_WALLETS_ENV]: JSON.stringify(entry) };
  if (phone) Object.assign(env, { WALLETCONNECT_PROJECT_ID: DEV_PROJECT_ID, WALLETCONNECT_RELAY_URL: phone.relayUrl });
  if (coinbase) env['COINBASE_KEYS_URL'] = coinbase.url;

  return {
    env,
    ...(phone ? { phone } : {}),
    ...(coinbase ? { coinbase } : {}),
    ...(coinbase && smart ? { smart } : {}),
    close,
    instructions(appUrl) {
      const lines = [
        `Development wallets, with the local chain's test accounts (each asks you to approve or reject), for the app at ${appUrl}:`,
        '  Browser extension "Development wallet": in the app, connect a browser wallet; it asks you in the page',
        '    (Escape rejects); its tab on the left edge, near the bottom, picks the account.',
      ];
      if (phone) {
        lines.push(
          `  WalletConnect: the development phone, at ${phone.url}`,
          '    In the app, connect with WalletConnect, choose "Open in the development phone" and approve there.',
        );
      }
      if (coinbase) {
        lines.push(
          '  Coinbase Wallet: in the app, connect Coinbase Wallet on the Local development chain and continue with',
          `    the pop-up; approve in the development popup (${coinbase.origin}).${smart ? ' It also offers a smart account.' : ''}`,
        );
      }
      const off = coinbase && !smart ? [...plan.off, `Coinbase Wallet's smart account is off: ${smartProblem ?? 'the chain was not prepared for it'}.`] : plan.off;
      return [...lines, ...off.map((line) => `  ${line}`)];
    },
  };
}

/** Resolves once the development server answers (its first build is done), false after `ms`. */
export async function waitForApp(url: string, ms = 600_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      // The development server holds the answer until its first build is ready.
      const response = await fetch(url, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
