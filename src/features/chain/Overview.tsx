// The top of the page: the wallet in view (name or address, balance, network, latest block), or,
// before a wallet is connected, what connecting brings and the default chain's latest block.
import { skipToken } from '@reduxjs/toolkit/query';
import { chainApi } from '../../../store/chainApi';
import { useAppSelector } from '../../../store/hooks';
import { selectWalletName } from '../../../store/selectors';
import { selectAccountReads, selectPageView } from '../../../store/viewedChain';
import { displayText } from '../../lib/displayText';
import { shortAddress } from '../../ui/address';
import { AddressGroups } from '../../ui/AddressGroups';
import { Identicon } from '../../ui/Identicon';
import { useChains } from '../../ui/chainsContext';
import { Unavailable } from '../../ui/Unavailable';
import { useRead } from '../../ui/useRead';
import { BlockNumber } from './BlockNumber';
import { exactNativeAmount, formatNativeAmount } from './format';
import './chain.css';

export function Overview() {
  const chains = useChains();
  const page = useAppSelector((s) => selectPageView(s, chains));
  const wallet = useAppSelector((s) => selectWalletName(s, page.kind));
  const chain = page.view === 'Connected' && page.dataChainId !== undefined ? chains[page.dataChainId] : undefined;
  const reads = useAppSelector((s) => selectAccountReads(s, chains));
  const balanceRead = useRead(chainApi.endpoints.getBalance, reads.balance ?? skipToken);
  const balance = balanceRead.currentData;
  const name = useRead(chainApi.endpoints.getName, reads.name ?? skipToken).currentData;
  if (page.view === 'Connected' && page.account && chain) {
    const symbol = chain.nativeCurrency?.symbol ?? 'ETH';
    return (
      <section className="overview" aria-labelledby="overview-title" data-testid="overview">
        <h2 id="overview-title" className="visually-hidden">
          Your account
        </h2>
        <p className="overview-who">
          <Identicon address={page.account} size={40} className="overview-identicon" />
          {name ? (
            <span className="account-name" data-testid="name" title={displayText(name, Infinity)} tabIndex={0}>
              {displayText(name, Infinity)}
            </span>
          ) : null}
          <span className="overview-address mono" title={page.account}>
            {name ? shortAddress(page.account) : <AddressGroups address={page.account} />}
          </span>
        </p>
        <p className="overview-balance" data-testid="overview-balance">
          {balance !== undefined ? (
            <span title={`${exactNativeAmount(balance)} ${symbol}`}>
              {formatNativeAmount(balance)} {symbol}
            </span>
          ) : balanceRead.shown === 'unavailable' ? (
            <Unavailable what="Balance" error={balanceRead.error} retrying={balanceRead.isFetching} onRetry={balanceRead.refetch} testId="overview-balance-unavailable" />
          ) : (
            <span className="muted" aria-busy="true">
              Loading balance…
            </span>
          )}
        </p>
        <p className="muted overview-with">With {wallet}</p>
        <BlockNumber />
      </section>
    );
  }
  return (
    <section className="overview intro" aria-labelledby="overview-title" data-testid="overview">
      <h2 id="overview-title">
        {page.view === 'Unsupported network'
          ? 'Switch network to continue'
          : page.view === 'Reconnecting'
            ? `Reconnecting to ${wallet}…`
            : 'Connect a wallet to get started'}
      </h2>
      <p className="muted">
        {page.view === 'Unsupported network'
          ? 'Your balance and the latest block show once your wallet is on a network this app supports.'
          : 'Connect a wallet to see your balance, sign messages and send transactions. Nothing leaves your wallet without your approval.'}
      </p>
      <BlockNumber />
    </section>
  );
}
