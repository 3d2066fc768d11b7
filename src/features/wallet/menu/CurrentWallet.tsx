// The wallet in view, in the account menu: who (name or address, the full address with Copy), what it
// holds, where to see it (the explorer), and Disconnect.
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../../store/hooks';
import { selectConnectionActivity, selectKindView, selectWalletIcon, selectWalletName } from '../../../../store/selectors';
import { chainApi } from '../../../../store/chainApi';
import { uiActions } from '../../../../store/uiSlice';
import { selectAccountReads } from '../../../../store/viewedChain';
import { walletActions } from '../../../../store/walletSlice';
import type { ConnectionId } from '../../../lib/connectors/types';
import { displayText } from '../../../lib/displayText';
import { addressUrl, shortAddress } from '../../../ui/address';
import { AddressGroups } from '../../../ui/AddressGroups';
import { useChains } from '../../../ui/chainsContext';
import { Avatar } from '../../../ui/Avatar';
import { AsOf } from '../../../ui/Unavailable';
import { useRead } from '../../../ui/useRead';
import { localExactAmount, localNativeAmount } from '../../chain/format';
import { useLaterWords } from '../../../i18n/later';
import { ActionButton } from '../ActionButton';
import { ErrorMessage } from '../ErrorMessage';
import { StatusBadge } from '../connect/StatusBadge';
import { useShownWalletName } from '../kindWords';
import { WalletIcon } from '../WalletIcon';

export function CurrentWallet({ kind, account, chainId }: { kind: ConnectionId; account: string; chainId: number | undefined }) {
  const dispatch = useAppDispatch();
  const words = useLaterWords();
  const chains = useChains();
  const view = useAppSelector((s) => selectKindView(s, kind));
  const storedName = useAppSelector((s) => selectWalletName(s, kind));
  const name = useShownWalletName(kind, words);
  const icon = useAppSelector((s) => selectWalletIcon(s, kind));
  const rejectedUpdate = useAppSelector((s) => selectConnectionActivity(s, kind).rejectedUpdate);
  const chain = view === 'Connected' && chainId !== undefined ? chains[chainId] : undefined;
  const reads = useAppSelector((s) => selectAccountReads(s, chains));
  const balanceRead = useRead(chainApi.endpoints.getBalance, reads.balance);
  const balance = balanceRead.currentData;
  const named = useRead(chainApi.endpoints.getName, reads.name).currentData ?? undefined;
  const ensName = named?.name;
  const explorer = chain ? addressUrl(chain.blockExplorerUrls, account) : undefined;
  const disconnect = () => {
    dispatch(walletActions.disconnectRequested({ id: kind }));
    dispatch(uiActions.accountMenuClosed());
  };
  return (
    <section className="menu-section current-wallet" data-testid={`card-${kind}`} data-status={view} aria-labelledby="current-wallet-title">
      <header className="current-wallet-header">
        <WalletIcon icon={icon} name={storedName} kind={kind} />
        <h3 id="current-wallet-title">
          <bdi>{name}</bdi>
        </h3>
        <StatusBadge status={view} />
      </header>
      <div className="menu-who">
        <Avatar address={account} image={named?.avatar} size={32} />
        <div className="menu-who-text">
          {ensName ? (
            <p className="menu-name" title={displayText(ensName, Infinity)}>
              <bdi>{displayText(ensName, Infinity)}</bdi>
            </p>
          ) : null}
          <p className="menu-address mono" data-address={account} dir="ltr">
            <AddressGroups address={account} />
          </p>
        </div>
      </div>
      {chain && balance !== undefined ? (
        <p className="menu-balance" title={`${localExactAmount(words, balance)} ${chain.nativeCurrency?.symbol ?? 'ETH'}`}>
          <bdi dir="ltr">
            {localNativeAmount(words, balance)} {chain.nativeCurrency?.symbol ?? 'ETH'}
          </bdi>
          {balanceRead.shown === 'stale' ? (
            <>
              {' '}
              <AsOf at={balanceRead.answeredAt} error={balanceRead.error} retrying={balanceRead.isFetching} onRetry={balanceRead.refetch} testId="menu-balance-as-of" />
            </>
          ) : null}
        </p>
      ) : null}
      {/* docs/behaviour.md §2.2: an invalid update from the wallet changes nothing and is reported. */}
      {rejectedUpdate ? <ErrorMessage error={rejectedUpdate} wallet={name} prefix={words.t('menu.updateIgnored')} /> : null}
      <div className="actions">
        <CopyAddress address={account} />
        {explorer ? (
          <a className="button-link secondary-link" href={explorer} target="_blank" rel="noopener noreferrer">
            {words.t('menu.explorer')}
            <span className="visually-hidden">{words.t('menu.newTab')}</span>
          </a>
        ) : null}
        <ActionButton meaning="disconnect" className="secondary" onActivate={disconnect}>
          {words.t('menu.disconnect')}
        </ActionButton>
      </div>
    </section>
  );
}

/** Copies the address, says so, and when the clipboard is refused selects it for copying by hand. */
function CopyAddress({ address }: { address: string }) {
  const words = useLaterWords();
  const [state, setState] = useState<'idle' | 'copied' | 'selected'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2_000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(address);
      setState('copied');
    } catch {
      const shown = document.querySelector('.menu-address');
      const selection = window.getSelection();
      if (shown && selection) {
        const range = document.createRange();
        range.selectNodeContents(shown);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setState('selected');
    }
  };
  return (
    <>
      <button type="button" className="secondary" onClick={() => void copy()}>
        {state === 'copied' ? words.t('menu.copied') : words.t('menu.copy')}
        <span className="visually-hidden" dir="ltr">
          {' '}
          {shortAddress(address)}
        </span>
      </button>
      <span role="status" className="visually-hidden">
        {state === 'copied' ? words.t('menu.addressCopied') : state === 'selected' ? words.t('menu.copyBlocked') : ''}
      </span>
    </>
  );
}
