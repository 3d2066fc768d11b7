// Reads that signing and sending need, from the chain's public endpoints (never the wallet): the fee
// of a transfer and a transaction's receipt. Answers are untrusted: a malformed one is an error.
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

export interface ReceiptArgs {
  chainId: number;
  hash: string;
}

/** A mined transaction's outcome; null while it is not mined. */
export type ReceiptOutcome = { blockNumber: number; success: boolean } | null;

const hexQuantity = (value: string | bigint) => `0x${BigInt(value).toString(16)}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks an `eth_getTransactionReceipt` answer for the transaction we asked about. */
export function parseReceipt(raw: unknown, hash: string): ReceiptOutcome {
  if (raw === null) return null;
  const invalid = () => rpcError(RPC_ERROR_NAMES.invalidResponse, RPC_MESSAGES.invalidResponse('eth_getTransactionReceipt'));
  if (!isRecord(raw)) throw invalid();
  const block = parseQuantity(raw['blockNumber']);
  const status = raw['status'];
  if (typeof raw['transactionHash'] !== 'string' || raw['transactionHash'].toLowerCase() !== hash.toLowerCase()) throw invalid();
  if (block === undefined || block > BigInt(Number.MAX_SAFE_INTEGER)) throw invalid();
  if (status !== '0x1' && status !== '0x0') throw invalid();
  return { blockNumber: Number(block), success: status === '0x1' };
}

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
    getTransactionReceipt: build.query<ReceiptOutcome, ReceiptArgs>({
      queryFn: ({ chainId, hash }, api) =>
        withRpc(api.extra, async (runtime) => parseReceipt(await runtime.client(chainId).request('eth_getTransactionReceipt', [hash]), hash)),
      keepUnusedDataFor: 0,
    }),
  }),
});
