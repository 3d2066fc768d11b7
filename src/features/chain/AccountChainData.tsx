import { skipToken } from '@reduxjs/toolkit/query/react';
import { useChains } from '../../app/chainsContext';
import { useGetBalanceQuery, useGetNameQuery } from './chainApi';
import { exactNativeAmount, formatNativeAmount } from './format';
import { useLatestBlock } from './useLatestBlock';

interface Props {
  chainId: number;
  address: string;
  /** Names are looked up only for a connected wallet. */
  connected: boolean;
}

/** The balance and verified name shown next to a connected account. */
export function AccountChainData({ chainId, address, connected }: Props) {
  const chain = useChains()[chainId];
  useLatestBlock(chain ? chainId : undefined);
  const key = chain ? { chainId, address } : skipToken;
  // currentData, never data: while another account's or chain's balance loads, nothing is shown.
  const { currentData: balance, error: balanceError } = useGetBalanceQuery(key);
  const name = useGetNameQuery(connected && chain?.ensRegistry ? { chainId, address } : skipToken).currentData;
  if (!chain) return null;
  const symbol = chain.nativeCurrency?.symbol ?? 'ETH';
  return (
    <span className="account-data">
      {name ? (
        <span className="account-name" data-testid="name">
          {name}
        </span>
      ) : null}
      {balance !== undefined ? (
        <span className="balance" data-testid="balance" title={`${exactNativeAmount(balance)} ${symbol}`}>
          {formatNativeAmount(balance)} {symbol}
        </span>
      ) : balanceError ? (
        <span className="balance muted" data-testid="balance-unavailable" title={balanceError.message}>
          Balance unavailable
        </span>
      ) : (
        <span className="balance muted" aria-busy="true">
          Loading balance…
        </span>
      )}
    </span>
  );
}
