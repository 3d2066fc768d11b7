import type { ChainInfo } from '../lib/chains';

/**
 * A chain's small picture from the chain table, drawn only from a data: URI (no request elsewhere).
 * A chain without one (a chain file's entry with no icon) gets a neutral mark: a grey disc with three
 * linked nodes, so every row and button keeps its shape.
 */
export function ChainIcon({ chain, size = 18 }: { chain: ChainInfo | undefined; size?: number }) {
  const icon = chain?.icon;
  if (!icon || !icon.startsWith('data:image/')) {
    return (
      <svg className="chain-icon chain-icon-neutral" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="12" fill="#6B7280" />
        <path d="M12 7l-5 9h10z" fill="none" stroke="#fff" strokeWidth="1.4" />
        <g fill="#fff">
          <circle cx="12" cy="7" r="2.4" />
          <circle cx="7" cy="16" r="2.4" />
          <circle cx="17" cy="16" r="2.4" />
        </g>
      </svg>
    );
  }
  return <img className="chain-icon" src={icon} alt="" width={size} height={size} />;
}
