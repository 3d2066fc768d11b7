// The wallet's network in the account menu, and the networks it can be switched to (only chains that
// can work: docs/behaviour.md §3.4). A switch asks the wallet once; while it waits the user can stop waiting; a
// switch that did not happen says why, beside the network, and the connection stays as it was.
import { useAppDispatch, useAppSelector } from '../../../../store/hooks';
import { selectAllowedChainIds, selectConnectionActivity, selectWalletName } from '../../../../store/selectors';
import { walletActions } from '../../../../store/walletSlice';
import { chainName, offeredChainIds } from '../../../lib/chains';
import type { ConnectionId } from '../../../lib/connectors/types';
import { ChainIcon } from '../../../ui/ChainIcon';
import { useChains } from '../../../ui/chainsContext';
import { ErrorMessage } from '../ErrorMessage';
import { unsupportedInWords } from '../words';

export function NetworkSection({ kind, chainId }: { kind: ConnectionId; chainId: number | undefined }) {
  const dispatch = useAppDispatch();
  const chains = useChains();
  const allowed = useAppSelector((s) => selectAllowedChainIds(s, kind));
  const activity = useAppSelector((s) => selectConnectionActivity(s, kind));
  const wallet = useAppSelector((s) => selectWalletName(s, kind));
  const offered = offeredChainIds(chains, allowed);
  const supported = chainId !== undefined && offered.includes(chainId);
  const switching = activity.switchingTo;
  return (
    <section className="menu-section" aria-labelledby="network-title" data-testid="network-section">
      <h3 id="network-title">Network</h3>
      {supported ? (
        <p className="menu-network">
          <ChainIcon chain={chains[chainId]} /> {chainName(chains, chainId)}
        </p>
      ) : (
        <p className="menu-network wrong">{unsupportedInWords(chains, chainId)}</p>
      )}
      {switching !== undefined ? (
        <div className="notice" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>
            Switching to {chainName(chains, switching)}: confirm in {wallet}.
          </span>
          <button type="button" className="secondary small" onClick={() => dispatch(walletActions.chainSwitchCancelled({ id: kind }))}>
            Stop waiting
          </button>
        </div>
      ) : null}
      {activity.switchError ? <ErrorMessage error={activity.switchError} wallet={wallet} prefix="Network not switched." /> : null}
      <details className="chain-choices" open={!supported}>
        <summary>Switch network</summary>
        <ul className="chain-list" aria-label="Networks">
          {offered.map((id) => {
            const chain = chains[id];
            const current = id === chainId;
            return (
              <li key={id}>
                <button
                  type="button"
                  className="chain-choice"
                  aria-current={current ? 'true' : undefined}
                  disabled={switching !== undefined}
                  onClick={() => (current ? undefined : dispatch(walletActions.chainSwitchRequested({ id: kind, chainId: id })))}
                >
                  <ChainIcon chain={chain} />
                  <span className="chain-choice-name">{chain?.name}</span>
                  {chain?.testnet ? <span className="tag">Test network</span> : null}
                  {current ? <span className="tag current-tag">Current</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      </details>
    </section>
  );
}
