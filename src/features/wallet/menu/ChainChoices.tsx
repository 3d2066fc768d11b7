// The networks a wallet can be switched to, grouped as "Networks" and "Test networks", the current
// one marked (docs/behaviour.md §6.5). One component for the account menu and the header's network list.
import { useId } from 'react';
import { useAppDispatch } from '../../../../store/hooks';
import { walletActions } from '../../../../store/walletSlice';
import { groupChainIds } from '../../../lib/chains';
import type { ConnectionId } from '../../../lib/connectors/types';
import { ChainIcon } from '../../../ui/ChainIcon';
import { useChains } from '../../../ui/chainsContext';
import { useLaterWords } from '../../../i18n/later';

interface Props {
  kind: ConnectionId;
  /** The chains offered to this kind, in configured order. */
  offered: readonly number[];
  /** The wallet's chain. */
  chainId: number | undefined;
  /** A switch is under way: nothing else can be asked. */
  disabled: boolean;
  /** Called once a switch is asked for. */
  onSwitch?: (chainId: number) => void;
  /** The groups' heading level (below the heading of what holds them). */
  level: 3 | 4;
}

export function ChainChoices({ kind, offered, chainId, disabled, onSwitch, level }: Props) {
  const words = useLaterWords();
  const chains = useChains();
  const { networks, testNetworks } = groupChainIds(chains, offered);
  const id = useId();
  const dispatch = useAppDispatch();
  const Heading = level === 3 ? 'h3' : 'h4';
  const group = (title: string, ids: number[], suffix: string) =>
    ids.length === 0 ? null : (
      <div className="chain-group">
        <Heading id={`${id}-${suffix}`} className="chain-group-title">
          {title}
        </Heading>
        <ul className="chain-list" aria-labelledby={`${id}-${suffix}`} data-testid={`chain-group-${suffix}`}>
          {ids.map((chain) => {
            const current = chain === chainId;
            return (
              <li key={chain}>
                <button
                  type="button"
                  className="chain-choice"
                  data-chain-id={chain}
                  aria-current={current ? 'true' : undefined}
                  disabled={disabled}
                  onClick={() => {
                    if (current) return;
                    dispatch(walletActions.chainSwitchRequested({ id: kind, chainId: chain }));
                    onSwitch?.(chain);
                  }}
                >
                  <ChainIcon chain={chains[chain]} />
                  <bdi className="chain-choice-name">{chains[chain]?.name}</bdi>
                  {current ? <span className="tag current-tag">{words.t('menu.current')}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    );
  return (
    <div className="chain-groups" data-testid="chain-choices">
      {group(words.t('menu.networks'), networks, 'main')}
      {group(words.t('menu.testNetworks'), testNetworks, 'test')}
    </div>
  );
}
