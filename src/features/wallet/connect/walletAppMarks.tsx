// The marks of the phone wallets offered for WalletConnect's link (walletApps.ts), drawn for this app
// in the colours and shapes people know them by, not copied from any brand file. Decorative: the
// wallet's name is written beside each. In the "qrcode" chunk with the links, loaded only on a phone.
import type { ReactElement } from 'react';

const tile = (fill: string) => <rect width="32" height="32" rx="8" fill={fill} />;

/** Rainbow's arcs, each a quarter circle around the tile's lower left. */
const arc = (r: number, colour: string) => <path key={r} d={`M6 ${26 - r}A${r} ${r} 0 0 1 ${6 + r} 26`} fill="none" stroke={colour} strokeWidth="3" />;

const MARKS: Readonly<Record<string, ReactElement>> = {
  // A fox's head on orange.
  metamask: (
    <>
      {tile('#f6851b')}
      <path d="M7 8.5l6.2 4.3h5.6L25 8.5l-1.8 10.8L16 25l-7.2-5.7z" fill="#fff" />
      <path d="M12.5 17.3l1.7 1.4M19.5 17.3l-1.7 1.4" stroke="#f6851b" strokeWidth="1.6" strokeLinecap="round" />
    </>
  ),
  // A shield on blue.
  trust: (
    <>
      {tile('#0500ff')}
      <path d="M16 6.5l8.5 3.1v6.2c0 4.9-3.5 8.6-8.5 10.4-5-1.8-8.5-5.5-8.5-10.4V9.6z" fill="none" stroke="#fff" strokeWidth="2.3" strokeLinejoin="round" />
    </>
  ),
  // A rainbow on night blue.
  rainbow: (
    <>
      {tile('#001e59')}
      {arc(17, '#ff4d4d')}
      {arc(13.5, '#ffb800')}
      {arc(10, '#2fe06b')}
      {arc(6.5, '#38b6ff')}
    </>
  ),
  // A unicorn's horn on pink.
  uniswap: (
    <>
      {tile('#ff007a')}
      <path d="M10 25l9.6-17.5c.5-.9 1.8-.6 1.8.4L20.4 25z" fill="#fff" />
      <path d="M12.6 20.3l6.8-1.6M14.7 16.3l5.3-1.3M16.8 12.4l3.6-.9" stroke="#ff007a" strokeWidth="1.4" strokeLinecap="round" />
    </>
  ),
};

/** The wallet app's mark, 28 × 28 px (nothing for an app without one). */
export function WalletAppMark({ id }: { id: string }) {
  const mark = MARKS[id];
  if (mark === undefined) return null;
  return (
    <svg className="wallet-app-mark" data-mark={id} viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      {mark}
    </svg>
  );
}
