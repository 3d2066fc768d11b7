// One account: the address shortened (full on hover and focus, and to screen readers), a Copy button
// with feedback, and a link to the chain's block explorer when the chain table has one.
import { useEffect, useRef, useState } from 'react';
import { useChains } from '../../ui/chainsContext';

export const shortAddress = (address: string): string => (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

function explorerLink(base: string | undefined, address: string): string | undefined {
  if (!base || !/^https?:\/\//.test(base)) return undefined;
  return `${base.replace(/\/+$/, '')}/address/${address}`;
}

export function AccountRow({ address, chainId }: { address: string; chainId: number | undefined }) {
  const chains = useChains();
  const [copied, setCopied] = useState(false);
  const fullRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      // No clipboard permission: select the full address so the user can copy it by hand.
      const node = fullRef.current;
      const selection = window.getSelection();
      if (node && selection) {
        const range = document.createRange();
        range.selectNodeContents(node);
        selection.removeAllRanges();
        selection.addRange(range);
      }
    }
  };
  const explorer = chainId !== undefined ? explorerLink(chains[chainId]?.blockExplorerUrls?.[0], address) : undefined;

  return (
    <div className="account-row">
      <span className="address" title={address} tabIndex={0}>
        <span className="address-short" aria-hidden="true">
          {shortAddress(address)}
        </span>
        <span ref={fullRef} className="address-full" data-testid="account">
          {address}
        </span>
      </span>
      <button type="button" className="secondary small" onClick={() => void copy()} aria-label={copied ? 'Copied' : `Copy address ${shortAddress(address)}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      {explorer ? (
        <a href={explorer} target="_blank" rel="noopener noreferrer" className="explorer">
          Explorer<span className="visually-hidden"> for {shortAddress(address)}</span>
        </a>
      ) : null}
      <span role="status" className="visually-hidden">
        {copied ? 'Address copied' : ''}
      </span>
    </div>
  );
}
