import { useState } from 'react';
import { useChains } from '../../ui/chainsContext';
import { canBeTarget, chainIds, type ChainInfo } from '../../lib/chains';
import { displayText } from '../../lib/displayText';
import type { EndpointStatus } from '../../lib/rpc';
import { useAppSelector } from '../../../store/hooks';
import { useRead } from '../../ui/useRead';
import { networkStatusApi } from '../../../store/networkStatusApi';
import { selectPageView } from '../../../store/viewedChain';
import { useLaterWords } from '../../i18n/later';

/**
 * Per chain: the RPC endpoint in use and its latency, and the endpoints that failed. Needs no wallet.
 * Retired networks are not listed; a chain that cannot be used is shown as not configured.
 */
export function NetworkPanel() {
  const words = useLaterWords();
  const chains = useChains();
  const dataChainId = useAppSelector((state) => selectPageView(state, chains).dataChainId);
  const inView = dataChainId === undefined ? [] : [dataChainId];
  const [checked, setChecked] = useState<readonly number[]>([]);
  const ids = [...inView, ...chainIds(chains).filter((id) => !inView.includes(id) && chains[id]?.retired !== true)];
  return (
    <section className="network" aria-label={words.t('network.label')} data-testid="network-panel">
      <p className="muted">{words.t('network.intro')}</p>
      <ul className="network-chains">
        {ids.map((id) => {
          const chain = chains[id];
          if (!chain) return null;
          return (
            <ChainEndpoints
              key={id}
              chain={chain}
              active={inView.includes(id) || checked.includes(id)}
              onCheck={() => setChecked((list) => [...list, id])}
            />
          );
        })}
      </ul>
    </section>
  );
}

function ChainEndpoints({ chain, active, onCheck }: { chain: ChainInfo; active: boolean; onCheck: () => void }) {
  const words = useLaterWords();
  const usable = canBeTarget(chain);
  const { currentData: status, error } = useRead(networkStatusApi.endpoints.getNetworkStatus, active && usable ? chain.id : undefined);
  const inUse = status?.endpoints.find((e) => e.url === status.inUse);
  const problems = status?.endpoints.filter((e) => e.state === 'failed' || e.state === 'wrongChain') ?? [];
  const standby = status?.endpoints.filter((e) => e.state === 'ok' && e.url !== status.inUse) ?? [];
  const probing = status?.endpoints.some((e) => e.state === 'probing') ?? false;
  return (
    <li className="network-chain" data-testid={`network-chain-${chain.id}`}>
      <h3>
        <bdi>{chain.name}</bdi>{' '}
        <span className="muted" dir="ltr">
          ({chain.id})
        </span>
      </h3>
      {!usable ? (
        <p className="muted" data-testid="not-configured">
          {words.t('network.notConfigured')}
        </p>
      ) : !active ? (
        <button type="button" className="secondary" onClick={onCheck}>
          {words.t('network.check')}
        </button>
      ) : (
        <>
          {inUse ? (
            <p>
              {words.t('network.inUse')}{' '}
              <span className="address" data-testid="endpoint-in-use" dir="ltr">
                {inUse.url}
              </span>{' '}
              <span className="muted" data-testid="endpoint-latency">
                {words.t('network.latency', { ms: Math.round(inUse.latencyMs ?? 0) })}
              </span>
            </p>
          ) : status?.error || error ? (
            <p className="error" data-testid="network-error">
              {displayText((status?.error ?? error)?.message ?? '')}
            </p>
          ) : (
            <p className="muted" aria-busy="true">
              {words.t('network.searching')}
            </p>
          )}
          {standby.length > 0 ? (
            <p className="muted">
              {words.t('network.standingBy', { endpoints: standby.map((e) => words.t('network.standby', { url: e.url, ms: Math.round(e.latencyMs ?? 0) })).join(', ') })}
            </p>
          ) : null}
          {problems.length > 0 ? (
            <ul className="endpoint-problems" aria-label={words.t('network.notInUse', { chain: chain.name })}>
              {problems.map((e) => (
                <EndpointProblem key={e.url} endpoint={e} />
              ))}
            </ul>
          ) : null}
          {probing && inUse ? <p className="muted">{words.t('network.stillChecking')}</p> : null}
        </>
      )}
    </li>
  );
}

function EndpointProblem({ endpoint }: { endpoint: EndpointStatus }) {
  const words = useLaterWords();
  const wrongChain = endpoint.state === 'wrongChain';
  return (
    <li data-testid="endpoint-problem" data-state={endpoint.state}>
      <span className="address" dir="ltr">
        {endpoint.url}
      </span>
      :{' '}
      {displayText(wrongChain ? words.t('network.wrongChain', { problem: endpoint.problem ?? '' }) : words.t('network.failed', { problem: endpoint.problem ?? words.t('network.noAnswer') }))}
    </li>
  );
}
