// The header's network button, beside the account button while a wallet is connected: the chain's mark
// and name, or "Wrong network" in warning colours. Opens the network list (docs/behaviour.md §6.1).
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { uiActions } from '../../../store/uiSlice';
import type { PageView } from '../../../store/viewedChain';
import { ChainIcon } from '../../ui/ChainIcon';
import { useChains } from '../../ui/chainsContext';

export function NetworkButton({ page }: { page: PageView }) {
  const dispatch = useAppDispatch();
  const chains = useChains();
  const open = useAppSelector((s) => s.ui.networkListOpen);
  const chain = page.dataChainId !== undefined ? chains[page.dataChainId] : undefined;
  return (
    <button
      type="button"
      className={`network-button${chain ? '' : ' wrong-network'}`}
      data-testid="network-button"
      data-chain-id={page.chainId}
      aria-haspopup="dialog"
      aria-expanded={open}
      title={chain ? chain.name : undefined}
      onClick={() => dispatch(uiActions.networkListOpened())}
    >
      <span className="network-button-chain" data-testid="chain" data-chain-id={page.chainId}>
        {chain ? (
          <>
            <ChainIcon chain={chain} size={20} />
            <span className="network-name">{chain.name}</span>
          </>
        ) : (
          <>
            <span className="warning-mark" aria-hidden="true">
              !
            </span>
            <span className="network-name">Wrong network</span>
          </>
        )}
      </span>
    </button>
  );
}
