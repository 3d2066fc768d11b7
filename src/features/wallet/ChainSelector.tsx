import { useId } from 'react';
import { useChains } from '../../app/chainsContext';
import { chainName } from '../../lib/chains';

interface Props {
  chainIds: number[];
  /** The chain shown as selected; undefined for "the wallet's choice". */
  value: number | undefined;
  /** The wallet's chain when it is not one we support, so the list can say so. */
  unsupported?: number;
  disabled: boolean;
  label: string;
  onSelect(chainId: number): void;
}

export function ChainSelector({ chainIds, value, unsupported, disabled, label, onSelect }: Props) {
  const chains = useChains();
  const id = useId();
  const selected = value !== undefined && chainIds.includes(value) ? String(value) : '';
  // The local development chain first: in development it is the one people pick.
  const ordered = [...chainIds].sort((x, y) => Number(chains[y]?.development === true) - Number(chains[x]?.development === true));
  return (
    <div className="chain-selector">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={selected}
        disabled={disabled}
        onChange={(event) => {
          const chainId = Number(event.target.value);
          if (Number.isInteger(chainId) && chainId > 0) onSelect(chainId);
        }}
      >
        <option value="" disabled={unsupported === undefined && value !== undefined}>
          {unsupported !== undefined ? `Unsupported chain ${unsupported}: pick a supported one` : 'Any chain (wallet decides)'}
        </option>
        {ordered.map((chainId) => (
          <option key={chainId} value={chainId}>
            {chainName(chains, chainId)}
            {chains[chainId]?.rpcUrls.length === 0 ? ' (no RPC URL configured)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
