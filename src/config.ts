// Build-time configuration (webpack DefinePlugin replaces each `process.env.X`), read in one place.
// The wallet kinds' own settings come as one piece of data (WALLETDECK_KIND_SETTINGS): each kind
// declares and reads its own (src/lib/connectors/<kind>/buildSettings.ts), so none is named here.
import type { ChainTable } from './lib/chains';
import { CONNECTION_IDS, type ConnectionId, type DevelopmentPhone } from './lib/connectors/types';
import { ERROR_NAMES, WalletdeckError } from './lib/errors';
import { isObject, isRecord } from './lib/guards';
import { DEFAULT_NAME_SETTINGS, type NameSettings } from './lib/names/settings';
import type { LanguageSettings } from './i18n/choose';
import { signInBaseUrl } from './lib/signIn/settings';

function env(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export interface AppConfig {
  chains: ChainTable;
  allowedChainIds: Record<ConnectionId, number[]>;
  appName: string;
  appLogoUrl: string;
  /** The kinds' own build-time settings, checked by the build (scripts/buildEnv.ts): set ones, by name (KindConfig.kindSettings). */
  kindSettings: Record<string, string>;
  qrCloseIsError: boolean;
  /** WALLETDECK_FRAME_ANCESTORS as set (checked by scripts/buildEnv.ts): who may frame the app; Safe{Wallet} answers only from there. */
  frameAncestors?: string | undefined;
  development: boolean;
  /** Name gateways and avatar image source (docs/behaviour.md §5.5), checked at build time. */
  names: NameSettings;
  /** The interface's languages and the default (docs/behaviour.md §14), checked at build time (scripts/languages.ts); absent: English alone. */
  languages?: LanguageSettings;
  /** Sign-In with Ethereum (docs/behaviour.md §13): the backend's base URL, checked by the build; absent: off. */
  signIn?: { url: string };
  /** Development builds with `npm start`'s wallets only: the development phone's page and name (docs/behaviour.md §11). */
  developmentPhone?: DevelopmentPhone;
}

/**
 * The chain table and each kind's allowed chains, checked and built at build time
 * (scripts/chainSettings.ts, from the defaults or WALLETDECK_CHAINS) and baked in as JSON.
 */
function builtChains(raw: string | undefined): Pick<AppConfig, 'chains' | 'allowedChainIds'> {
  const data: unknown = raw ? JSON.parse(raw) : undefined;
  const { chains, allowedChainIds } = (data ?? {}) as Partial<Pick<AppConfig, 'chains' | 'allowedChainIds'>>;
  if (!isObject(chains) || !CONNECTION_IDS.every((id) => Array.isArray(allowedChainIds?.[id]))) {
    throw new WalletdeckError(ERROR_NAMES.configuration, 'No chain table was built in: build with webpack (see "Configuration" in README.md)');
  }
  return { chains, allowedChainIds: allowedChainIds as Record<ConnectionId, number[]> };
}

/**
 * The kinds' settings the build checked and baked in as JSON (scripts/buildEnv.ts kindSettingValues):
 * names and string values only; none when nothing was baked in (a build outside webpack).
 */
function builtKindSettings(raw: string | undefined): Record<string, string> {
  const data: unknown = raw ? JSON.parse(raw) : undefined;
  if (!isRecord(data)) return {};
  return Object.fromEntries(Object.entries(data).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

export function loadConfig(): AppConfig {
  const development = process.env.NODE_ENV !== 'production';
  return {
    ...builtChains(process.env.WALLETDECK_CHAIN_DATA),
    appName: 'Walletdeck',
    appLogoUrl: '/favicon.svg',
    kindSettings: builtKindSettings(process.env.WALLETDECK_KIND_SETTINGS),
    qrCloseIsError: env(process.env.WALLETDECK_QR_CLOSE) !== 'idle',
    frameAncestors: env(process.env.WALLETDECK_FRAME_ANCESTORS),
    development,
    // Checked at build time (webpack.config.ts, src/lib/names/settingsCheck.ts) and baked in as data.
    names: process.env.WALLETDECK_NAME_SETTINGS ? (JSON.parse(process.env.WALLETDECK_NAME_SETTINGS) as NameSettings) : DEFAULT_NAME_SETTINGS,
    ...(process.env.WALLETDECK_LANGUAGE_SETTINGS ? { languages: JSON.parse(process.env.WALLETDECK_LANGUAGE_SETTINGS) as LanguageSettings } : {}),
    ...signInSettings(env(process.env.WALLETDECK_SIGN_IN_URL)),
    // Read only in development builds: a production build never learns of the development wallets.
    ...(process.env.NODE_ENV !== 'production' ? developmentPhone(process.env.WALLETDECK_DEV_WALLETS) : {}),
  };
}

/** The development phone's page and name from `npm start`'s settings (WALLETDECK_DEV_WALLETS), when it runs one. */
function developmentPhone(raw: string | undefined): Pick<AppConfig, 'developmentPhone'> {
  try {
    const settings: unknown = raw ? JSON.parse(raw) : undefined;
    const { phoneUrl: url, phoneName: name } = isObject(settings) ? settings : {};
    return typeof url === 'string' && /^https?:\/\//.test(url) && typeof name === 'string' && name !== '' ? { developmentPhone: { url, name } } : {};
  } catch {
    return {};
  }
}

/** The sign-in backend, when the build was given one (the build refused a wrong value, so this only normalises it). */
function signInSettings(raw: string | undefined): Pick<AppConfig, 'signIn'> {
  const url = raw === undefined ? undefined : signInBaseUrl(raw);
  return url === undefined ? {} : { signIn: { url } };
}
