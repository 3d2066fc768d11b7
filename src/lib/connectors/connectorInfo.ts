// What claims to describe a kind, read into plain data for the store and the UI: what it is called,
// how the dialog shows it, whether it can be used and why not, which extension to suggest, which
// wallets announced themselves. Total: whatever it is, it becomes a ConnectorInfo or an unavailable
// one, never a crash. It knows no kind: what a kind is called by default comes with the caller
// (the store keeps each kind's info from the start: src/lib/connectors/describe.ts makes it).
import { displayText } from '../displayText';
import { describeValue } from '../errors';
import { isRecord } from '../guards';
import { safeIconUri } from '../validation';
import type { AnnouncedWallet, ConnectionId, ConnectorInfo, KindFace, WalletIdentity } from './types';

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

/** A face as plain words (a kind's definition, or a dispatched action's): unknown fields dropped. */
function readFace(raw: unknown, fallback: KindFace): KindFace {
  if (!isRecord(raw)) return fallback;
  const note = isRecord(raw['note']) ? raw['note'] : {};
  const face: KindFace = { note: {} };
  for (const key of ['installed', 'otherwise'] as const) {
    const text = shortText(note[key]);
    if (text !== undefined) face.note[key] = text;
  }
  for (const key of ['timeoutWords', 'progress'] as const) {
    const text = shortText(raw[key]);
    if (text !== undefined) face[key] = text;
  }
  const letters = shownName(raw['letters']);
  if (letters !== undefined) face.letters = letters.slice(0, 3);
  if (raw['browserWallets'] === true) face.browserWallets = true;
  if (raw['ownWindow'] === true) face.ownWindow = true;
  return face;
}

/** What a kind is called and how it shows when what describes it says nothing of it. */
export interface KindDefaults {
  name: string;
  face: KindFace;
}

/** Validates what claims to be a ConnectorInfo (from a kind's adapter, or a dispatched action). */
export function readConnectorInfo(_id: ConnectionId, raw: unknown, { name: kindName, face: kindFace }: KindDefaults): ConnectorInfo {
  try {
    if (!isRecord(raw)) throw new Error('not an object');
    const value = raw;
    const info: ConnectorInfo = { name: shownName(value['name']) ?? kindName, face: readFace(value['face'], kindFace), available: value['available'] === true };
    const reason = shortText(value['unavailableReason']);
    if (reason !== undefined) info.unavailableReason = reason;
    const limitation = shortText(value['limitation']);
    if (limitation !== undefined) info.limitation = limitation;
    const suggestion = value['extensionSuggestion'];
    if (isRecord(suggestion)) {
      const name = shortText(suggestion['name']);
      const installUrl = shortText(suggestion['installUrl']);
      if (name !== undefined && installUrl !== undefined && /^https:\/\//.test(installUrl)) info.extensionSuggestion = { name, installUrl };
    }
    if (value['pairsByQrCode'] === true) info.pairsByQrCode = true;
    if (value['installed'] === true) info.installed = true;
    if (value['ownsPage'] === true && info.available) info.ownsPage = true;
    const phone = value['developmentPhone'];
    if (isRecord(phone)) {
      const url = shortText(phone['url']);
      const name = shownName(phone['name']);
      if (url !== undefined && /^https?:\/\//.test(url) && name !== undefined) info.developmentPhone = { url, name };
    }
    const wallets = value['wallets'];
    if (Array.isArray(wallets)) info.wallets = wallets.flatMap((w) => readWallet(w));
    return info;
  } catch (error) {
    return { name: kindName, face: kindFace, available: false, unavailableReason: `Unavailable: ${describeValue(error)}` };
  }
}

function readWallet(raw: unknown): AnnouncedWallet[] {
  if (!isRecord(raw)) return [];
  const value = raw;
  const uuid = shortText(value['uuid']);
  const rdns = shortText(value['rdns']);
  if (uuid === undefined || rdns === undefined) return [];
  return [{ uuid, rdns, name: shownName(value['name']) ?? shownName(rdns) ?? 'Browser wallet', icon: safeIconUri(value['icon']) }];
}

