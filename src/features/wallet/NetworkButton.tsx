// The header's network button, beside the account button while a wallet is connected: the chain's mark
// and name, or "Wrong network" in warning colours. Narrower than 640 px either shows its mark alone (a
// warning triangle for "Wrong network"), the words kept as the button's accessible name, so that the
// header stays one row (styles.css). Opens the network list (docs/behaviour.md §6.1).
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { uiActions } from '../../../store/uiSlice';
import type { PageView } from '../../../store/viewedChain';
import { ChainIcon } from '../../ui/ChainIcon';
import { useChains } from '../../ui/chainsContext';
import { useWords } from '../../i18n/react';
import { useWarmUp } from '../parts';

export function NetworkButton({ page }: { page: PageView }) {
  const dispatch = useAppDispatch();
  const words = useWords();
  const chains = useChains();
  const open = useAppSelector((s) => s.ui.networkListOpen);
  const chain = page.dataChainId !== undefined ? chains[page.dataChainId] : undefined;
  // The list is in the "dialogs" chunk: the pointer or focus on the button asks for it.
  const warmUp = useWarmUp('dialogs');
  return (
    <button
      type="button"
      className={`network-button${chain ? '' : ' wrong-network'}`}
      data-testid="network-button"
      data-chain-id={page.chainId}
      aria-haspopup="dialog"
      aria-expanded={open}
      title={chain ? chain.name : words.t('header.wrongNetwork')}
      onClick={() => dispatch(uiActions.networkListOpened())}
      onPointerEnter={warmUp}
      onFocus={warmUp}
    >
      <span className="network-button-chain" data-testid="chain" data-chain-id={page.chainId}>
        {chain ? (
          <>
            <ChainIcon chain={chain} size={20} />
            <bdi className="network-name">{chain.name}</bdi>
          </>
        ) : (
          <>
            <WarningMark />
            <span className="network-name">{words.t('header.wrongNetwork')}</span>
          </>
        )}
      </span>
    </button>
  );
}

/** A warning triangle with an exclamation mark, in the button's warning colour; decorative (the words name the button). */
function WarningMark() {
  return (
    <svg className="warning-mark" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M10 2.2 18.6 17.4H1.4Z" fill="currentColor" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M10 7.4v4.6" stroke="var(--bad-bg)" strokeWidth="2" strokeLinecap="round" />
      <circle cx="10" cy="14.7" r="1.15" fill="var(--bad-bg)" />
    </svg>
  );
}
