// EIP-5792 (wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus) as plain checks on the
// wallet's answers, which are untrusted: whatever is not exactly what the EIP says is refused.
// docs/behaviour.md §7.9 and §10.5.
import { isCallsId, isTransactionHash, MAX_TRANSFERS, type SentReceipt, type SentTransfer } from './sentTransactions';
import { isRecord } from './guards';
import { parseSafeInteger } from './rpc/quantity';

export type AtomicSupport = 'supported' | 'ready' | 'unsupported';

export const chainHex = (chainId: number): string => `0x${chainId.toString(16)}`;

function atomicOf(entry: unknown): AtomicSupport | undefined {
  if (!isRecord(entry)) return undefined;
  const atomic = entry['atomic'];
  if (!isRecord(atomic)) return undefined;
  const status = atomic['status'];
  return status === 'supported' || status === 'ready' || status === 'unsupported' ? status : undefined;
}

/**
 * The `atomic` capability for the chain from a wallet_getCapabilities answer: the chain's own entry,
 * else the "0x0" entry (every chain). Anything malformed reads as unsupported (one by one is always safe).
 */
export function readAtomic(raw: unknown, chainId: number): AtomicSupport {
  try {
    if (!isRecord(raw)) return 'unsupported';
    // Keys compared as numbers: "0x01" and "0x1" are the same chain.
    const entry = Object.keys(raw).find((key) => parseSafeInteger(key) === chainId);
    if (entry !== undefined) return atomicOf(raw[entry]) ?? 'unsupported';
    return atomicOf(raw['0x0']) ?? 'unsupported';
  } catch {
    return 'unsupported';
  }
}

export const canBatch = (atomic: AtomicSupport): boolean => atomic === 'supported' || atomic === 'ready';

/** The wallet_sendCalls request (version 2.0.0) for transfers of the native currency, all or nothing. */
export function sendCallsParams(account: string, chainId: number, transfers: readonly SentTransfer[]): unknown[] {
  return [
    {
      version: '2.0.0',
      chainId: chainHex(chainId),
      from: account,
      atomicRequired: true,
      calls: transfers.map((t) => ({ to: t.to, value: `0x${BigInt(t.valueWei).toString(16)}` })),
    },
  ];
}

/** The batch id from a wallet_sendCalls answer ({ id, capabilities? }), or undefined. */
export function readCallsId(raw: unknown): string | undefined {
  try {
    return isRecord(raw) && isCallsId(raw['id']) ? raw['id'] : undefined;
  } catch {
    return undefined;
  }
}

export type CallsStatus =
  | { status: 'pending' }
  | { status: 'confirmed' | 'failed' | 'partial'; receipts: SentReceipt[]; blockNumber?: number; hash?: string; offchain: boolean };

function readWalletReceipt(raw: unknown): SentReceipt | undefined {
  if (!isRecord(raw)) return undefined;
  const hash = raw['transactionHash'];
  const block = parseSafeInteger(raw['blockNumber']);
  const status = raw['status'];
  if (!isTransactionHash(hash) || block === undefined) return undefined;
  if (status !== '0x1' && status !== '0x0') return undefined;
  return { hash: hash.toLowerCase(), blockNumber: block, success: status === '0x1' };
}

/**
 * A wallet_getCallsStatus answer for the batch `id` on `chainId`: pending (1xx), confirmed (2xx),
 * failed off chain (4xx, no receipt needed) or on chain (5xx), partly through (6xx); or undefined when
 * it is not such an answer (then the batch is simply asked about again). Receipts are the wallet's
 * word: a receipt's `from` may be a bundler, and it is still the user's batch.
 */
export function readCallsStatus(raw: unknown, id: string, chainId: number): CallsStatus | undefined {
  try {
    if (!isRecord(raw)) return undefined;
    const code = raw['status'];
    if (typeof code !== 'number' || !Number.isInteger(code)) return undefined;
    if (raw['id'] !== undefined && raw['id'] !== id) return undefined;
    if (raw['chainId'] !== undefined && parseSafeInteger(raw['chainId']) !== chainId) return undefined;
    if (code >= 100 && code < 200) return { status: 'pending' };
    const list = raw['receipts'] ?? [];
    if (!Array.isArray(list) || list.length > MAX_TRANSFERS) return undefined;
    const receipts: SentReceipt[] = [];
    for (const item of list) {
      const receipt = readWalletReceipt(item);
      if (!receipt) return undefined;
      receipts.push(receipt);
    }
    const status = code >= 200 && code < 300 ? 'confirmed' : code >= 400 && code < 600 ? 'failed' : code >= 600 && code < 700 ? 'partial' : undefined;
    if (!status) return undefined;
    // Confirmed means every call went through: a receipt saying otherwise makes the answer nonsense.
    if (status === 'confirmed' && (receipts.length === 0 || receipts.some((r) => !r.success))) return undefined;
    const blockNumber = receipts.length > 0 ? Math.max(...receipts.map((r) => r.blockNumber)) : undefined;
    const only = receipts.length === 1 ? receipts[0] : undefined;
    return {
      status,
      receipts,
      ...(blockNumber !== undefined ? { blockNumber } : {}),
      ...(only ? { hash: only.hash } : {}),
      offchain: code >= 400 && code < 500,
    };
  } catch {
    return undefined;
  }
}

/** Wallet errors after which a batch goes one by one instead: nothing was sent (EIP-1193, EIP-5792). */
export const FALLBACK_CODES: ReadonlySet<number> = new Set([
  -32601, // method not found
  4200, // unsupported method
  5700, // unsupported non-optional capability (atomicRequired)
  5710, // unsupported chain
  5740, // batch too large
  5760, // atomicity not supported
]);

/** The user refused in the wallet: the request itself (4001) or the account's upgrade for batches (5750). */
export const DECLINE_CODES: ReadonlySet<number> = new Set([4001, 5750]);

export const BATCH_ERROR_NAMES = {
  invalidAnswer: 'InvalidWalletAnswerError',
  interrupted: 'BatchInterruptedError',
} as const;

export const BATCH_MESSAGES = {
  invalidCallsId: 'The wallet answered with something that is not a batch id',
  interrupted: (reason: string) => `Sending one by one stopped: ${reason}`,
  accountChanged: (from: string, to: string) => `the account changed from ${from} to ${to}`,
  chainChanged: (from: number, to: number) => `the chain changed from ${from} to ${to}`,
  disconnected: 'the wallet disconnected',
} as const;
