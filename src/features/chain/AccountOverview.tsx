// The top of the page while a wallet is connected: the account (its picture, name or address groups),
// its balance, the wallet and the latest block: a returning user's first screen (in the first script).
import type { ChainInfo } from '../../lib/chains';
import { useAppSelector } from '../../../store/hooks';
import { chainApi } from '../../../store/chainApi';
import { selectAccountReads } from '../../../store/viewedChain';
import { displayText } from '../../lib/displayText';
import { shortAddress } from '../../ui/address';
import { AddressGroups } from '../../ui/AddressGroups';
import { Avatar } from '../../ui/Avatar';
import { useChains } from '../../ui/chainsContext';
import { AsOf, Unavailable } from '../../ui/Unavailable';
import { useRead } from '../../ui/useRead';
import { BlockNumber } from './BlockNumber';
import { Sentence, useWords } from '../../i18n/react';
import { localExactAmount, localNativeAmount } from './format';

export default function AccountOverview({ account, chain, wallet }: { account: string; chain: ChainInfo; wallet: string }) {
  const words = useWords();
  const chains = useChains();
  const reads = useAppSelector((s) => selectAccountReads(s, chains));
  const balanceShown = useRead(chainApi.endpoints.getBalance, reads.balance);
  const balance = balanceShown.currentData;
  const named = useRead(chainApi.endpoints.getName, reads.name).currentData ?? undefined;
  const name = named?.name;
  const symbol = chain.nativeCurrency?.symbol ?? 'ETH';
  return (
    <section className="overview" aria-labelledby="overview-title" data-testid="overview">
      <h2 id="overview-title" className="visually-hidden">
        {words.t('overview.yourAccount')}
      </h2>
      {/* The account's one picture, as the header and the menu show it (its avatar once loaded), in a place
          of its own beside the name and the address. */}
      <p className="overview-who">
        <span className="overview-picture">
          <Avatar address={account} image={named?.avatar} size={40} />
        </span>
        <span className="overview-ids">
          {name ? (
            <span className="account-name" data-testid="name" title={displayText(name, Infinity)} tabIndex={0}>
              <bdi>{displayText(name, Infinity)}</bdi>
            </span>
          ) : null}
          <span className="overview-address mono" title={account} dir="ltr">
            {name ? shortAddress(account) : <AddressGroups address={account} />}
          </span>
        </span>
      </p>
      <p className="overview-balance" data-testid="overview-balance">
        {balance !== undefined ? (
          <>
            <bdi dir="ltr" title={`${localExactAmount(words, balance)} ${symbol}`}>
              {localNativeAmount(words, balance)} {symbol}
            </bdi>
            {balanceShown.shown === 'stale' ? (
              <>
                {' '}
                <AsOf at={balanceShown.answeredAt} error={balanceShown.error} retrying={balanceShown.isFetching} onRetry={balanceShown.refetch} testId="overview-balance-as-of" />
              </>
            ) : null}
          </>
        ) : balanceShown.shown === 'unavailable' ? (
          <Unavailable what={words.t('header.balance')} error={balanceShown.error} retrying={balanceShown.isFetching} onRetry={balanceShown.refetch} testId="overview-balance-unavailable" />
        ) : (
          <span className="muted" aria-busy="true">
            {words.t('overview.loadingBalance')}
          </span>
        )}
      </p>
      <p className="muted overview-with">
        <Sentence words={words} id="overview.with" values={{ wallet: <bdi>{wallet}</bdi> }} />
      </p>
      <BlockNumber />
    </section>
  );
}
