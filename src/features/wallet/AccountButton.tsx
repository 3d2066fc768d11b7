// The connected account in the header: its identicon, balance and name (or short address), and a
// pending-transaction indicator. Opens the account menu. The network is the network button's
// (NetworkButton.tsx); on a network the app does not support no balance is shown. Below 480 px the
// balance is left out (styles.css).
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectPendingTransactions } from '../../../store/transactionsSelectors';
import { chainApi } from '../../../store/chainApi';
import { uiActions } from '../../../store/uiSlice';
import { selectAccountReads, type PageView } from '../../../store/viewedChain';
import { displayText } from '../../lib/displayText';
import { shortAddress } from '../../ui/address';
import { useChains } from '../../ui/chainsContext';
import { Avatar } from '../../ui/Avatar';
import { asOfWords, Unavailable } from '../../ui/Unavailable';
import { useRead } from '../../ui/useRead';
import { useWarmUp } from '../parts';
import { useWords } from '../../i18n/react';
import { localExactAmount, localNativeAmount } from '../chain/format';

export function AccountButton({ page }: { page: PageView }) {
  const dispatch = useAppDispatch();
  const words = useWords();
  const chains = useChains();
  const open = useAppSelector((s) => s.ui.accountMenuOpen);
  const chain = page.dataChainId !== undefined ? chains[page.dataChainId] : undefined;
  const account = page.account ?? '';
  const reads = useAppSelector((s) => selectAccountReads(s, chains));
  const balance = useRead(chainApi.endpoints.getBalance, reads.balance);
  const named = useRead(chainApi.endpoints.getName, reads.name).currentData ?? undefined;
  const name = named?.name;
  const symbol = chain?.nativeCurrency?.symbol ?? 'ETH';
  const shownName = name ? displayText(name, Infinity) : undefined;
  // The menu is in the "dialogs" chunk: the pointer or focus on the button asks for it.
  const warmUp = useWarmUp('dialogs');
  const pending = useAppSelector((s) => (chain && account ? selectPendingTransactions(s, account, chain.id).length : 0));
  return (
    <button
      type="button"
      className="account-button"
      data-testid="account-button"
      data-wallet-control=""
      data-kind={page.kind}
      data-status={page.view}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => dispatch(uiActions.accountMenuOpened())}
      onPointerEnter={warmUp}
      onFocus={warmUp}
    >
      <Avatar address={account} image={named?.avatar} size={24} />
      {chain ? (
        balance.currentData !== undefined ? (
          // An old balance (its read failed since) says so, as the overview does; its Retry is there.
          <span
            className="account-balance"
            data-testid="balance"
            data-stale={balance.shown === 'stale' ? '' : undefined}
            title={`${localExactAmount(words, balance.currentData)} ${symbol}${balance.shown === 'stale' ? `, ${asOfWords(balance.answeredAt, words)}` : ''}`}
          >
            <bdi dir="ltr">
              {localNativeAmount(words, balance.currentData)} {symbol}
            </bdi>
            {balance.shown === 'stale' ? <span className="visually-hidden">, {asOfWords(balance.answeredAt, words)}</span> : null}
          </span>
        ) : balance.shown === 'unavailable' ? (
          // The words of every unavailable read; its Retry is in the overview (a button cannot hold a button).
          <span className="account-balance" data-testid="balance-unavailable">
            <Unavailable what={words.t('header.balance')} error={balance.error} />
          </span>
        ) : (
          <span className="account-balance muted" aria-busy="true">
            …<span className="visually-hidden">{words.t('header.loadingBalance')}</span>
          </span>
        )
      ) : null}
      <span className={`account-id${shownName ? '' : ' is-address'}`} data-testid="account" data-address={account} title={shownName ? `${shownName} (${account})` : account} dir={shownName ? undefined : 'ltr'}>
        {shownName ? <bdi>{shownName}</bdi> : shortAddress(account)}
      </span>
      {pending > 0 ? (
        <span className="account-pending" data-testid="pending-transactions" title={words.t('header.pendingTitle', { count: pending })}>
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">, {words.t('header.pending', { count: pending })}</span>
        </span>
      ) : null}
    </button>
  );
}
