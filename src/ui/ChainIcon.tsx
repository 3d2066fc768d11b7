import type { ChainInfo } from '../lib/chains';

/** A chain's small picture from the chain table, drawn only from a data: URI (no request elsewhere). */
export function ChainIcon({ chain, size = 18 }: { chain: ChainInfo | undefined; size?: number }) {
  const icon = chain?.icon;
  if (!icon || !icon.startsWith('data:image/')) return <span className="chain-icon chain-icon-blank" aria-hidden="true" style={{ width: size, height: size }} />;
  return <img className="chain-icon" src={icon} alt="" width={size} height={size} />;
}
