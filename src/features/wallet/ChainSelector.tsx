// The chain selector asks the wallet once, when the user commits: Enter on the list, a pick in its
// opened list (mouse or touch), or the Switch button. Walking the closed list with the arrow keys only
// moves the pending choice, so a keyboard user is never sent one wallet prompt per key press.
import { useId, useRef, useState } from 'react';
import { useChains } from '../../ui/chainsContext';
import { chainName } from '../../lib/chains';

interface Props {
  chainIds: number[];
  /** The chain shown as selected; undefined for "the wallet's choice". */
  value: number | undefined;
  /** The wallet's chain when it is not one we support, so the list can say so. */
  unsupported?: number;
  disabled: boolean;
  label: string;
  /** When true (a switch asks the wallet), a keyboard walk waits for Enter or the Switch button. */
  confirm: boolean;
  onSelect(chainId: number): void;
}

const toChainId = (value: string): number | undefined => {
  const chainId = Number(value);
  return Number.isInteger(chainId) && chainId > 0 ? chainId : undefined;
};

export function ChainSelector({ chainIds, value, unsupported, disabled, label, confirm, onSelect }: Props) {
  const chains = useChains();
  const id = useId();
  const hintId = useId();
  const selected = value !== undefined && chainIds.includes(value) ? String(value) : '';
  // The choice walked to but not yet sent, valid only while the wallet's chain is the one it started from.
  const [walk, setWalk] = useState<{ from: string; to: string } | undefined>(undefined);
  const pending = walk !== undefined && walk.from === selected ? walk.to : undefined;
  const setPending = (to: string | undefined) => setWalk(to === undefined ? undefined : { from: selected, to });
  // A key is down on the closed list: the change it causes is a walk, not a commit.
  const keyDown = useRef(false);
  // The local development chain first: in development it is the one people pick.
  const ordered = [...chainIds].sort((x, y) => Number(chains[y]?.development === true) - Number(chains[x]?.development === true));
  const pendingChain = pending !== undefined && pending !== selected ? toChainId(pending) : undefined;

  const commit = (raw: string) => {
    setPending(undefined);
    const chainId = toChainId(raw);
    if (chainId !== undefined && raw !== selected) onSelect(chainId);
  };

  return (
    <div className="chain-selector">
      <label htmlFor={id}>{label}</label>
      <div className="chain-selector-row">
        <select
          id={id}
          value={pending ?? selected}
          disabled={disabled}
          aria-describedby={pendingChain !== undefined ? hintId : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              if (pending !== undefined) {
                event.preventDefault();
                commit(pending);
              }
              return;
            }
            if (event.key === 'Escape' && pending !== undefined) {
              setPending(undefined);
              return;
            }
            if (event.key !== 'Tab') keyDown.current = true;
          }}
          onKeyUp={() => {
            keyDown.current = false;
          }}
          onBlur={() => {
            keyDown.current = false;
          }}
          onChange={(event) => {
            const raw = event.target.value;
            if (confirm && keyDown.current) setPending(raw);
            else commit(raw);
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
        {pendingChain !== undefined ? (
          <button type="button" className="small" onClick={() => commit(String(pendingChain))}>
            Switch
          </button>
        ) : null}
      </div>
      {pendingChain !== undefined ? (
        <p id={hintId} className="muted hint">
          Press Enter or Switch to ask your wallet for {chainName(chains, pendingChain)}.
        </p>
      ) : null}
    </div>
  );
}
