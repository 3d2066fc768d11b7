// One check for every account's signature (docs/behaviour.md §7.8): the key of the connected address
// (ecrecover, in the page), or the account's contract (ERC-1271), or a signature wrapped for an
// account not deployed yet (ERC-6492). Pure: the chain is reached through the `call` it is given (the
// read layer's endpoints on the request's chain), never the wallet. Loaded with the signing chunk:
// the validator's bytecode stays off the first visit.
import { AbiCoder, concat, getAddress, recoverAddress } from 'ethers';
import validator from '../../contracts/SignatureCheck.json';
import { ERROR_NAMES, toWalletError, walletError, type WalletError } from './errors';
import { SIGNATURE_MESSAGES } from './typedData';

/** ERC-6492: a wrapped signature ends with these 32 bytes. */
export const ERC6492_SUFFIX = `0x${'6492'.repeat(16)}`;

/** One eth_call on the request's chain (no `to`: the validator's creation code runs); resolves with its data. */
export type EthCall = (tx: { data: string }) => Promise<unknown>;

export type SignatureVerdict =
  /** By the account's key (in the page, no network) or by the chain's answer (contract, wrapper or key). */
  | { kind: 'valid'; by: 'key' | 'chain' }
  /** Every check said no; `signer` is the key's address when the answer was a 65-byte signature. */
  | { kind: 'invalid'; signer?: string }
  /** The chain could not be asked (no endpoint answered, an odd answer): not the same as invalid. */
  | { kind: 'unchecked'; error: WalletError };

const isWrapped = (signature: string) => signature.toLowerCase().endsWith(ERC6492_SUFFIX.slice(2));

/** The address whose key made a 65-byte signature of `hash`, or undefined. */
function keySigner(hash: string, signature: string): string | undefined {
  if (signature.length !== 132 || isWrapped(signature)) return undefined;
  try {
    return recoverAddress(hash, signature);
  } catch {
    return undefined;
  }
}

/** The eth_call data: the validator's creation code and its constructor arguments. */
export function validatorCallData(account: string, hash: string, signature: string): string {
  return concat([validator.bytecode, AbiCoder.defaultAbiCoder().encode(['address', 'bytes32', 'bytes'], [account, hash, signature])]);
}

export interface SignatureCheckArgs {
  /** The connected account. */
  account: string;
  /** What was signed: the EIP-191 message hash, or the EIP-712 digest. */
  hash: string;
  /** The wallet's answer, already a candidate (typedData's signatureProblem said nothing). */
  signature: string;
  call: EthCall;
}

/**
 * The verdict on a signature: a 65-byte answer is first tried with ecrecover (no network); if that
 * does not give the account, or the answer is of another length, one eth_call of the validator
 * covers ERC-1271, ERC-6492 and ecrecover alike. Never throws.
 */
export async function checkSignature({ account, hash, signature, call }: SignatureCheckArgs): Promise<SignatureVerdict> {
  const signer = keySigner(hash, signature);
  if (signer !== undefined && signer === getAddress(account)) return { kind: 'valid', by: 'key' };
  let answer: unknown;
  try {
    answer = await call({ data: validatorCallData(account, hash, signature) });
  } catch (error) {
    const reason = toWalletError(error);
    return { kind: 'unchecked', error: walletError(ERROR_NAMES.signatureUnchecked, SIGNATURE_MESSAGES.unchecked(reason.message), reason.code) };
  }
  if (answer === '0x01') return { kind: 'valid', by: 'chain' };
  if (answer === '0x00') return signer !== undefined ? { kind: 'invalid', signer } : { kind: 'invalid' };
  const shown = typeof answer === 'string' ? answer : typeof answer;
  return { kind: 'unchecked', error: walletError(ERROR_NAMES.signatureUnchecked, SIGNATURE_MESSAGES.unchecked(SIGNATURE_MESSAGES.oddAnswer(shown))) };
}
