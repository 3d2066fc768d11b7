// Reads that sending needs before the wallet is asked, from the chain's public endpoints (never the
// wallet): the fee of a transfer. Answers are untrusted: a malformed one is an error. (A sent
// transaction's receipt: store/transactionsApi.ts.)
import { RPC_ERROR_NAMES, RPC_MESSAGES, parseQuantity, rpcError } from '../src/lib/rpc';
import { rpcApi, withRpc } from './rpcApi';

export interface TransferFeeArgs {
  chainId: number;
  from: string;
  to: string;
  valueWei: string;
}

export interface TransferFee {
  /** Gas limit (hex quantity) to send with the transaction. */
  gas: string;
  gasPriceWei: string;
  feeWei: string;
}

const hexQuantity = (value: string | bigint) => `0x${BigInt(value).toString(16)}`;

export const signingApi = rpcApi.injectEndpoints({
  endpoints: (build) => ({
    estimateTransferFee: build.query<TransferFee, TransferFeeArgs>({
      queryFn: ({ chainId, from, to, valueWei }, api) =>
        withRpc(api.extra, async (runtime) => {
          const client = runtime.client(chainId);
          const call = { from, to, value: hexQuantity(valueWei) };
          const [gasRaw, priceRaw] = await Promise.all([client.request('eth_estimateGas', [call]), client.request('eth_gasPrice', [])]);
          const gas = parseQuantity(gasRaw);
          const price = parseQuantity(priceRaw);
          if (gas === undefined || gas > 1n << 64n) throw rpcError(RPC_ERROR_NAMES.invalidResponse, RPC_MESSAGES.invalidResponse('eth_estimateGas'));
          if (price === undefined || price >= 1n << 256n) throw rpcError(RPC_ERROR_NAMES.invalidResponse, RPC_MESSAGES.invalidResponse('eth_gasPrice'));
          return { gas: hexQuantity(gas), gasPriceWei: price.toString(), feeWei: (gas * price).toString() };
        }),
      keepUnusedDataFor: 15,
    }),
  }),
});
