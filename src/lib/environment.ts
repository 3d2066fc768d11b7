// What this browser offers that a wallet kind depends on, read without throwing.
// Found by reading the SDKs (see README "Hostile environments"): the Coinbase Wallet SDK's pop-up and
// mobile-app link encrypt with `crypto.subtle` and name messages with `crypto.randomUUID`, both of
// which browsers offer on secure (https) pages only; its browser extension needs neither. Nothing we
// ship uses IndexedDB (WalletConnect keeps its session in site storage) or BroadcastChannel.
import { field as read } from './guards';

export function hasWebCrypto(host: unknown): boolean {
  const crypto = read(host, 'crypto');
  const subtle = read(crypto, 'subtle');
  return typeof read(subtle, 'importKey') === 'function' && typeof read(crypto, 'randomUUID') === 'function';
}
