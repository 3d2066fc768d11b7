// What Safe{Wallet} (the parent frame) tells the app, checked before use (docs/behaviour.md §1.7). The
// parent is untrusted: any page can frame the app and answer its messages. Pure and small, so it is
// part of the first visit's code only as far as the connector needs it to decide; the SDK itself
// loads with ./session.ts, inside a frame only.
import { displayText } from '../../displayText';
import { checksumAddress, validateChainId } from '../../validation';
import { field, isRecord } from '../../guards';
import type { ProposalState } from '../types';

/** docs/behaviour.md §9: how long the parent frame has to answer `getSafeInfo` before the app is a normal page. */
export const SAFE_INFO_MS = 2_000;
/** docs/behaviour.md §9: how long a message signed through the Safe may wait for its owners (then: not signed in time). */
export const SAFE_SIGNATURE_MS = 300_000;
/** Between two questions to the parent about a message still waiting for the owners. */
export const SAFE_SIGNATURE_POLL_MS = 3_000;
/** More owners than any Safe in use has; a longer list is not a Safe's answer. */
const MAX_OWNERS = 100;

export interface SafeInfo {
  /** The Safe's address, checksummed. */
  address: string;
  chainId: number;
  owners: string[];
  threshold: number;
  /** The connected owner cannot propose or sign (a Safe opened by someone who is not an owner). */
  readOnly: boolean;
  /** What the parent calls the Safe, when it says and the name can be shown; else "Safe 0x1234…abcd". */
  name: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

const bad = (problem: string): { ok: false; problem: string } => ({ ok: false, problem });

/** "Safe 0x1234…abcd": what the app calls a Safe whose parent gives no name. */
export function safeName(address: string): string {
  return `Safe ${address.slice(0, 6)}…${address.slice(-4)}`;
}

/**
 * The answer to `getSafeInfo` (SDK 9: { safeAddress, chainId, owners, threshold, isReadOnly }): every
 * field checked. An address with a wrong checksum, a chain id that is not one, no owners, a threshold
 * that no set of owners can reach: not a Safe.
 */
export function readSafeInfo(raw: unknown): Checked<SafeInfo> {
  if (!isRecord(raw)) return bad('the answer is not an object');
  const address = checksumAddress(field(raw, 'safeAddress'));
  if (address === undefined) return bad('safeAddress is not an address with a correct checksum');
  const chain = validateChainId(field(raw, 'chainId'));
  if (!chain.ok || typeof field(raw, 'chainId') !== 'number') return bad('chainId is not a chain id');
  const rawOwners = field(raw, 'owners');
  if (!Array.isArray(rawOwners) || rawOwners.length === 0 || rawOwners.length > MAX_OWNERS) return bad('owners is not a list of 1 to 100 addresses');
  const owners: string[] = [];
  for (const owner of rawOwners as unknown[]) {
    const checked = checksumAddress(owner);
    if (checked === undefined || owners.includes(checked)) return bad('owners holds something that is not an address, or one twice');
    owners.push(checked);
  }
  const threshold = field(raw, 'threshold');
  if (typeof threshold !== 'number' || !Number.isInteger(threshold) || threshold < 1 || threshold > owners.length) return bad('threshold is not a number of owners');
  const readOnly = field(raw, 'isReadOnly');
  if (readOnly !== undefined && typeof readOnly !== 'boolean') return bad('isReadOnly is not true or false');
  const given = field(raw, 'name');
  const shown = typeof given === 'string' ? displayText(given.slice(0, 100), 60).trim() : '';
  return { ok: true, value: { address, chainId: chain.value, owners, threshold, readOnly: readOnly === true, name: shown !== '' ? shown : safeName(address) } };
}

const HASH = /^0x[0-9a-fA-F]{64}$/;
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
/** Longer than any set of owners' signatures (100 owners × 65 bytes, with room for contract signatures). */
const MAX_SIGNATURE_HEX = 2 + 2 * 16_384;

/** A 32-byte hash as the parent sends one (safeTxHash, messageHash, txHash), lower-cased; else undefined. */
export function readHash(raw: unknown): string | undefined {
  return typeof raw === 'string' && HASH.test(raw) ? raw.toLowerCase() : undefined;
}

/** The answer to `sendTransactions`: `{ safeTxHash }`. */
export function readProposal(raw: unknown): Checked<string> {
  const hash = isRecord(raw) ? readHash(field(raw, 'safeTxHash')) : undefined;
  return hash === undefined ? bad('the answer has no safeTxHash') : { ok: true, value: hash };
}

/**
 * The answer to `signMessage` / `signTypedMessage`: a signature at once (a Safe whose owners need
 * no one else), a `messageHash` (signed off chain: the owners confirm in Safe{Wallet}, the signature
 * is asked later with `getOffChainSignature`), or a `safeTxHash` (signed on chain: a transaction of
 * the Safe records the message; its ERC-1271 answer is then "valid" for an empty signature).
 */
export type SignAnswer = { kind: 'signature'; signature: string } | { kind: 'offChain'; messageHash: string } | { kind: 'onChain'; safeTxHash: string };

export function readSignAnswer(raw: unknown): Checked<SignAnswer> {
  if (!isRecord(raw)) return bad('the answer is not an object');
  const signature = readSignature(field(raw, 'signature'));
  if (signature !== undefined && signature !== '0x') return { ok: true, value: { kind: 'signature', signature } };
  const messageHash = readHash(field(raw, 'messageHash'));
  if (messageHash !== undefined) return { ok: true, value: { kind: 'offChain', messageHash } };
  const safeTxHash = readHash(field(raw, 'safeTxHash'));
  if (safeTxHash !== undefined) return { ok: true, value: { kind: 'onChain', safeTxHash } };
  return bad('the answer has no signature, messageHash or safeTxHash');
}

/** Hex bytes of a plausible signature's length, else undefined. */
export function readSignature(raw: unknown): string | undefined {
  return typeof raw === 'string' && raw.length <= MAX_SIGNATURE_HEX && HEX.test(raw) ? raw : undefined;
}

/** Where a proposed transaction stands, as the parent's `getTxBySafeTxHash` says (its `txStatus`, `txHash`). */
export type { ProposalState } from '../types';

const AWAITING = new Set(['AWAITING_CONFIRMATIONS', 'AWAITING_EXECUTION']);

/** The gateway's transaction details, reduced to what the app follows; anything else is not believed. */
export function readProposalState(raw: unknown): Checked<ProposalState> {
  if (!isRecord(raw)) return bad('the answer is not an object');
  const status = field(raw, 'txStatus');
  if (typeof status !== 'string') return bad('txStatus is missing');
  if (AWAITING.has(status)) {
    const info = field(raw, 'detailedExecutionInfo');
    const submitted = isRecord(info) ? field(info, 'confirmationsSubmitted') : undefined;
    const required = isRecord(info) ? field(info, 'confirmationsRequired') : undefined;
    const counts =
      typeof submitted === 'number' && typeof required === 'number' && Number.isInteger(submitted) && Number.isInteger(required) && submitted >= 0 && required >= 1 && required <= MAX_OWNERS && submitted <= MAX_OWNERS
        ? { submitted, required }
        : undefined;
    return { ok: true, value: counts ? { status: 'awaiting', confirmations: counts } : { status: 'awaiting' } };
  }
  if (status === 'SUCCESS' || status === 'FAILED') {
    const hash = readHash(field(raw, 'txHash'));
    if (hash === undefined) return bad(`txStatus ${status} without a txHash`);
    return { ok: true, value: { status: 'executed', hash, success: status === 'SUCCESS' } };
  }
  if (status === 'CANCELLED') return { ok: true, value: { status: 'cancelled' } };
  return bad(`txStatus ${displayText(status.slice(0, 40), 40)} is not one the app knows`);
}
