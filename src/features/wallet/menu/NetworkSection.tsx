// The wallet's network in the account menu, and the networks it can be switched to (only chains that
// can work: docs/behaviour.md §3.4), grouped (ChainChoices). `expanded`: the list on its own, as the
// header's network list shows it. A switch asks the wallet once; while it waits the user can stop waiting; a
// switch that did not happen says why, beside the network, and the connection stays as it was. On a
// network the app does not support, it names that network as the banner does (docs/behaviour.md §6.6).
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../../../store/hooks';
import { selectAllowedChainIds, selectConnectionActivity } from '../../../../store/selectors';
import { walletActions } from '../../../../store/walletSlice';
import { chainName, offeredChainIds } from '../../../lib/chains';
import type { ConnectionId } from '../../../lib/connectors/types';
import { ChainIcon } from '../../../ui/ChainIcon';
import { useChains } from '../../../ui/chainsContext';
import { ErrorMessage } from '../ErrorMessage';
import { useShownWalletName } from '../kindWords';
import { ChainChoices } from './ChainChoices';
import { useLaterWords } from '../../../i18n/later';
import { Sentence } from '../../../i18n/react';
import { wrongNetworkInWords } from '../wrongNetworkWords';

export function NetworkSection({ kind, chainId, expanded = false, onSwitch }: { kind: ConnectionId; chainId: number | undefined; expanded?: boolean; onSwitch?: (chainId: number) => void }) {
  const dispatch = useAppDispatch();
  const words = useLaterWords();
  const chains = useChains();
  const titleId = useId();
  const allowed = useAppSelector((s) => selectAllowedChainIds(s, kind));
  const activity = useAppSelector((s) => selectConnectionActivity(s, kind));
  const wallet = useShownWalletName(kind, words);
  const offered = offeredChainIds(chains, allowed);
  const supported = chainId !== undefined && offered.includes(chainId);
  const switching = activity.switchingTo;
  const choices = <ChainChoices kind={kind} offered={offered} chainId={chainId} disabled={switching !== undefined} onSwitch={onSwitch} level={expanded ? 3 : 4} />;
  return (
    <section className="menu-section" aria-labelledby={expanded ? undefined : titleId} data-testid="network-section">
      {expanded ? null : <h3 id={titleId}>{words.t('menu.network')}</h3>}
      {supported ? (
        expanded ? null : (
          <p className="menu-network">
            <ChainIcon chain={chains[chainId]} /> <bdi>{chainName(chains, chainId)}</bdi>
          </p>
        )
      ) : (
        <p className="menu-network wrong">{wrongNetworkInWords(chains, chainId, words)}</p>
      )}
      {switching !== undefined ? (
        <div className="notice" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>
            <Sentence words={words} id="menu.switching" values={{ chain: <bdi>{chainName(chains, switching)}</bdi>, wallet: <bdi>{wallet}</bdi> }} />
          </span>
          <button type="button" className="secondary small" onClick={() => dispatch(walletActions.chainSwitchCancelled({ id: kind }))}>
            {words.t('wrongNetwork.stopWaiting')}
          </button>
        </div>
      ) : null}
      {activity.switchError ? <ErrorMessage error={activity.switchError} wallet={wallet} prefix={words.t('wrongNetwork.notSwitched')} /> : null}
      {expanded ? (
        choices
      ) : (
        <details className="chain-choices" open={!supported}>
          <summary>{words.t('menu.switchNetwork')}</summary>
          {choices}
        </details>
      )}
    </section>
  );
}
