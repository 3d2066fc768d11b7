// A sent transaction's receipt, read from the chain's public endpoints (never the wallet). The
// answer is untrusted: one that is not a receipt of the transaction asked about is an error.
import { RPC_ERROR_NAMES, RPC_MESSAGES, parseQuantity, rpcError } from '../src/lib/rpc';
import { rpcApi, withRpc } from './rpcApi';
import { isRecord } from '../src/lib/guards';

export interface ReceiptArgs {
  chainId: number;
  hash: string;
}

/** A mined transaction's outcome; null while it is not mined. */
export type ReceiptOutcome = { blockNumber: number; success: boolean } | null;


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

export const transactionsApi = rpcApi.injectEndpoints({
  endpoints: (build) => ({
    getTransactionReceipt: build.query<ReceiptOutcome, ReceiptArgs>({
      queryFn: ({ chainId, hash }, api) =>
        withRpc(api.extra, async (runtime) => parseReceipt(await runtime.client(chainId).request('eth_getTransactionReceipt', [hash]), hash)),
      keepUnusedDataFor: 0,
    }),
  }),
});
