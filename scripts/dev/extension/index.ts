// The development entry of `npm start` (webpack adds it before the app's entry in development builds
// only, never in production): the browser-extension "Development wallet", put in the page as an
// extension's in-page script is, and announced through EIP-6963 before the app boots, so the app's
// eager reconnect finds it; and, when the app uses the local WalletConnect relay, the local answer to
// the WalletConnect SDK's Verify iframe.
import { DEV_WALLET_ICON } from '../shared/icon';
import { isRecord } from '../../../src/lib/guards';
import { answerVerifyInPage } from '../walletconnect/verifyAnswer';
import { createDevProvider } from './provider';
import { createWalletWindow } from './ui';
import { DEV_NAMES, type DevEntrySettings } from '../settings';
import { DevExtensionWallet } from './wallet';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage refused: the wallet remembers nothing
  }
}

function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context (the app opened by a LAN address) randomUUID is absent.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function installDevWallets(settings: DevEntrySettings): void {
  const window_ = createWalletWindow(document, DEV_WALLET_ICON);
  const wallet = new DevExtensionWallet(settings.wallet, window_, sessionStore(), location.origin);
  window_.attach(wallet);
  const provider = createDevProvider(wallet);
  const detail = Object.freeze({ info: Object.freeze({ uuid: uuid(), name: DEV_NAMES.wallet, icon: DEV_WALLET_ICON, rdns: DEV_NAMES.rdns }), provider });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  if (settings.verifyOrigin) answerVerifyInPage(settings.verifyOrigin);
}

// Replaced at build time by scripts/dev/webpack.ts (DEV_WALLETS_ENV).
const raw: unknown = JSON.parse(process.env.WALLETDECK_DEV_WALLETS ?? 'null');
if (isRecord(raw) && isRecord(raw['wallet'])) installDevWallets(raw as unknown as DevEntrySettings);
else console.warn('Development wallets: no settings in this build (they come from `npm start`).');
