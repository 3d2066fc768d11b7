// The name of the wallet behind a kind, as the user knows it: for the browser-extension kind, the
// announced name (EIP-6963) of the extension in use, e.g. "MetaMask", not "Browser wallet".
import { displayText } from '../src/lib/displayText';
import type { ConnectionId } from '../src/lib/connectors/types';
import type { RootState } from './types';

/** The rdns the browser-extension connector prefers when the user has picked none. */
const METAMASK_RDNS = 'io.metamask';
/** Longer announced names are cut (they come from any extension). */
const MAX_NAME_CHARS = 60;

/**
 * The wallet's own name: the extension the user picked, else MetaMask, else the only one that
 * announced itself (the connector's own order of choice); otherwise the kind's name. Announced
 * names are untrusted text: control and bidirectional-override characters are dropped.
 */
export function selectWalletName(state: RootState, kind: ConnectionId): string {
  const info = state.wallet.kinds[kind];
  const wallets = info.wallets ?? [];
  const chosen = state.wallet.chosenExtension;
  const wallet =
    (chosen !== undefined ? wallets.find((w) => w.rdns === chosen) : undefined) ??
    wallets.find((w) => w.rdns === METAMASK_RDNS) ??
    (wallets.length === 1 ? wallets[0] : undefined);
  const name = wallet ? displayText(wallet.name, MAX_NAME_CHARS).trim() : '';
  return name !== '' ? name : info.name;
}
