// Well-known WalletConnect wallets and their own links (universal links that open the app with the
// pairing URI, or its store page when it is missing). A static list: no registry call, works offline.
// The wallet the user picked last time is remembered on this device and listed first.
import { siteStorage } from '../../../lib/storage';

export interface WalletApp {
  id: string;
  name: string;
  /** The wallet's own link carrying the pairing URI. */
  link(uri: string): string;
}

const universal = (base: string) => (uri: string) => `${base}?uri=${encodeURIComponent(uri)}`;

export const WALLET_APPS: readonly WalletApp[] = [
  { id: 'metamask', name: 'MetaMask', link: universal('https://metamask.app.link/wc') },
  { id: 'trust', name: 'Trust Wallet', link: universal('https://link.trustwallet.com/wc') },
  { id: 'rainbow', name: 'Rainbow', link: universal('https://rnbwapp.com/wc') },
  { id: 'uniswap', name: 'Uniswap Wallet', link: universal('https://uniswap.org/app/wc') },
];

export const WALLET_APP_KEY = 'walletdeck.walletApp';

/** The page's guarded storage: where the browser refuses it, the choice lasts for the page. */
const storage = () => siteStorage().storage;

/** The remembered wallet, only if the stored value names one of ours. */
export function readChosenWalletApp(): string | undefined {
  try {
    const value = storage()?.getItem(WALLET_APP_KEY);
    return WALLET_APPS.some((app) => app.id === value) ? (value as string) : undefined;
  } catch {
    return undefined;
  }
}

export function rememberWalletApp(id: string): void {
  if (!WALLET_APPS.some((app) => app.id === id)) return;
  try {
    storage()?.setItem(WALLET_APP_KEY, id);
  } catch {
    // quota or privacy mode: the choice is simply not remembered
  }
}

/** The list with the remembered wallet first. */
export function orderedWalletApps(chosen: string | undefined): WalletApp[] {
  const first = WALLET_APPS.filter((app) => app.id === chosen);
  return [...first, ...WALLET_APPS.filter((app) => app.id !== chosen)];
}
