// The marks of the wallet kinds that have no icon of their own to show (docs/behaviour.md §6.2): drawn
// for this app, inline, in the shapes people know them by, not copied from any brand file. Each is a
// 32 × 32 tile, decorative (the wallet's name is always written beside it).
import type { ReactElement } from 'react';
import type { ConnectionId } from '../../lib/connectors/types';

const tile = (fill: string) => <rect width="32" height="32" rx="8" fill={fill} />;
const line = { fill: 'none', stroke: '#fff', strokeWidth: 2.4, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Coinbase Wallet: a blue tile, a white ring, a small rounded square inside it. */
const coinbase = (
  <>
    {tile('#0052ff')}
    <circle cx="16" cy="16" r="10.5" fill="#fff" />
    <rect x="12.4" y="12.4" width="7.2" height="7.2" rx="1.5" fill="#0052ff" />
  </>
);

/** WalletConnect: a blue tile, the white "bridge": an arch over a wave. */
const walletconnect = (
  <>
    {tile('#3b99fc')}
    <path d="M9.4 13.4c3.6-3.5 9.6-3.5 13.2 0" {...line} />
    <path d="M6 16.6l4.8 4.6 5.2-4.9 5.2 4.9 4.8-4.6" {...line} />
  </>
);

/** A browser wallet that did not say who it is: a wallet, on grey. */
const injected = (
  <>
    {tile('#5b6570')}
    <rect x="7" y="10" width="18" height="13.5" rx="2.5" {...line} strokeWidth={2} />
    <path d="M19.5 15h5.5v4.5h-5.5a2.25 2.25 0 0 1 0-4.5z" fill="#fff" />
    <path d="M9 10l10.5-3.5 1.2 3.5" {...line} strokeWidth={2} />
  </>
);

/** Safe{Wallet}: a safe's door with its dial, dark on green. */
const safe = (
  <>
    {tile('#12ff80')}
    <rect x="8" y="8" width="16" height="16" rx="3" fill="none" stroke="#121312" strokeWidth="2.2" />
    <circle cx="16" cy="16" r="3.4" fill="none" stroke="#121312" strokeWidth="2.2" />
    <path d="M16 12.6v-1.6M19.4 16h1.6" stroke="#121312" strokeWidth="2" strokeLinecap="round" />
  </>
);

// Partial: a kind added later (docs/recipes/add-a-wallet-kind.md) shows its letters until it has a mark.
const MARKS: Readonly<Partial<Record<ConnectionId, ReactElement>>> = { injected, coinbase, walletconnect, safe };

/** The kind's own mark, as an inline SVG filling its box (nothing for a kind without one). */
export function KindMark({ kind }: { kind: ConnectionId }) {
  const mark = MARKS[kind];
  if (mark === undefined) return null;
  return (
    <svg className="wallet-mark" data-mark={kind} viewBox="0 0 32 32" width="100%" height="100%" aria-hidden="true" focusable="false">
      {mark}
    </svg>
  );
}

/** Whether a kind has a mark of its own. */
export const hasKindMark = (kind: ConnectionId): boolean => MARKS[kind] !== undefined;
