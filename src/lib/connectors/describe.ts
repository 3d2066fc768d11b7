// A connector as plain data for the store and the UI: what it is called, whether it can be used and
// why not, which extension to suggest, which wallets announced themselves. Total: a connector that
// throws while describing itself is shown as unavailable, never crashes the page.
import { displayText } from '../displayText';
import { describeValue } from '../errors';
import { safeIconUri } from '../validation';
import { CONNECTION_IDS, type AnnouncedWallet, type ConnectionId, type Connector, type ConnectorInfo, type ConnectorRegistry, type WalletIdentity } from './types';

export const CONNECTOR_NAMES: Readonly<Record<ConnectionId, string>> = {
  injected: 'Browser wallet',
  coinbase: 'Coinbase Wallet',
  walletconnect: 'WalletConnect',
  safe: 'Safe{Wallet}',
};

const MAX_TEXT = 300;

function shortText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value.slice(0, MAX_TEXT) : undefined;
}

/**
 * A name a wallet gives itself, as it may be shown: no control or bidirectional-override characters
 * (a U+202E would let one wallet pose as another), not blank.
 */
function shownName(value: unknown): string | undefined {
  const text = shortText(value);
  const clean = text === undefined ? undefined : displayText(text, 100).trim();
  return clean ? clean : undefined;
}

/**
 * A wallet's own name and icon from its session (WalletConnect's peer metadata), checked as an
 * EIP-6963 announcement is (docs/behaviour.md §1.6): undefined without a usable name. The icon is
 * kept only as a safe data: image URI; an https: icon would be refused by the shipped policy's
 * `img-src 'self' data:` (§12.7), so it is dropped and the name's initial is drawn instead.
 */
export function readWalletIdentity(name: unknown, icon: unknown): WalletIdentity | undefined {
  const shown = shownName(name);
  return shown === undefined ? undefined : { name: shown, icon: safeIconUri(icon) };
}

/** Validates what claims to be a ConnectorInfo (from a connector, or a dispatched action). */
export function readConnectorInfo(id: ConnectionId, raw: unknown): ConnectorInfo {
  try {
    if (typeof raw !== 'object' || raw === null) throw new Error('not an object');
    const value = raw as Record<string, unknown>;
    const info: ConnectorInfo = { name: shownName(value['name']) ?? CONNECTOR_NAMES[id], available: value['available'] === true };
    const reason = shortText(value['unavailableReason']);
    if (reason !== undefined) info.unavailableReason = reason;
    const limitation = shortText(value['limitation']);
    if (limitation !== undefined) info.limitation = limitation;
    const suggestion = value['extensionSuggestion'];
    if (typeof suggestion === 'object' && suggestion !== null) {
      const name = shortText((suggestion as Record<string, unknown>)['name']);
      const installUrl = shortText((suggestion as Record<string, unknown>)['installUrl']);
      if (name !== undefined && installUrl !== undefined && /^https:\/\//.test(installUrl)) info.extensionSuggestion = { name, installUrl };
    }
    if (value['pairsByQrCode'] === true) info.pairsByQrCode = true;
    if (value['installed'] === true) info.installed = true;
    if (value['ownsPage'] === true && info.available) info.ownsPage = true;
    const phone = value['developmentPhone'];
    if (typeof phone === 'object' && phone !== null) {
      const url = shortText((phone as Record<string, unknown>)['url']);
      const name = shownName((phone as Record<string, unknown>)['name']);
      if (url !== undefined && /^https?:\/\//.test(url) && name !== undefined) info.developmentPhone = { url, name };
    }
    const wallets = value['wallets'];
    if (Array.isArray(wallets)) info.wallets = wallets.flatMap((w) => readWallet(w));
    return info;
  } catch (error) {
    return { name: CONNECTOR_NAMES[id], available: false, unavailableReason: `Unavailable: ${describeValue(error)}` };
  }
}

function readWallet(raw: unknown): AnnouncedWallet[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const value = raw as Record<string, unknown>;
  const uuid = shortText(value['uuid']);
  const rdns = shortText(value['rdns']);
  if (uuid === undefined || rdns === undefined) return [];
  return [{ uuid, rdns, name: shownName(value['name']) ?? shownName(rdns) ?? 'Browser wallet', icon: safeIconUri(value['icon']) }];
}

export function describeConnector(connector: Connector): ConnectorInfo {
  const id = connector.id;
  try {
    const available = connector.isAvailable();
    return readConnectorInfo(id, {
      name: connector.name,
      available,
      unavailableReason: available ? undefined : connector.unavailableReason,
      limitation: connector.limitation,
      extensionSuggestion: connector.extensionSuggestion?.(),
      wallets: connector.wallets?.(),
      // A connector that needs more than eth_requestAccounts to connect pairs through a QR code.
      pairsByQrCode: typeof connector.connect === 'function',
      installed: connector.isInstalled?.() === true,
      developmentPhone: connector.developmentPhone,
      ownsPage: connector.ownsPage?.() === true,
    });
  } catch (error) {
    return { name: CONNECTOR_NAMES[id], available: false, unavailableReason: `Unavailable: ${describeValue(error)}` };
  }
}

export function describeConnectors(connectors: ConnectorRegistry): Record<ConnectionId, ConnectorInfo> {
  return Object.fromEntries(CONNECTION_IDS.map((id) => [id, describeConnector(connectors[id])])) as Record<ConnectionId, ConnectorInfo>;
}
