import { skipToken } from '@reduxjs/toolkit/query';
import { useChains } from '../../ui/chainsContext';
import { displayText } from '../../lib/displayText';
import { useRead } from '../../ui/useRead';
import { chainApi } from '../../../store/chainApi';
import { exactNativeAmount, formatNativeAmount } from './format';
import { useLatestBlock } from './useLatestBlock';
import './chain.css';

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
  const nameKey = connected && chain?.ensRegistry ? { chainId, address } : skipToken;
  // currentData, never data: while another account's or chain's balance loads, nothing is shown.
  const { currentData: balance, error: balanceError } = useRead(chainApi.endpoints.getBalance, key);
  const name = useRead(chainApi.endpoints.getName, nameKey).currentData;
  if (!chain) return null;
  const symbol = chain.nativeCurrency?.symbol ?? 'ETH';
  return (
    <span className="account-data">
      {name ? <AccountName name={displayText(name, Infinity)} /> : null}
      {balance !== undefined ? (
        <span className="balance" data-testid="balance" title={`${exactNativeAmount(balance)} ${symbol}`}>
          {formatNativeAmount(balance)} {symbol}
        </span>
      ) : balanceError ? (
        <span className="balance muted" data-testid="balance-unavailable" title={displayText(balanceError.message ?? '')}>
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

/** A verified name, cut to its line with an ellipsis; hover or focus (it is focusable) shows it all. */
function AccountName({ name }: { name: string }) {
  return (
    <span className="account-name" data-testid="name" title={name} tabIndex={0}>
      {name}
    </span>
  );
}
