// The Safe{Wallet} side of the Safe kind, loaded only inside a frame (its own chunk, "safe"): the Safe
// Apps SDK's postMessage link to the parent, the question "are you a Safe?" under a hang guard, and an
// EIP-1193 provider of our own over the SDK. Not the SDK's provider package: its personal_sign answers
// "0x" when the owners sign later (a false "invalid"), and it needs Node's `events`. Every answer of the
// parent is checked (./info.ts) before use.
import SafeAppsSDK from '@safe-global/safe-apps-sdk';
import { ERROR_NAMES, WalletdeckError } from '../../errors';
import { checksumAddress } from '../../validation';
import { isRecord } from '../../guards';
import type { ConnectorEvent, Eip1193Provider, RequestArguments } from '../types';
import {
  SAFE_INFO_MS,
  SAFE_SIGNATURE_MS,
  SAFE_SIGNATURE_POLL_MS,
  readHash,
  readProposal,
  readProposalState,
  readSafeInfo,
  readSignAnswer,
  readSignature,
  type ProposalState,
  type SafeInfo,
} from './info';
import { parentOrigins } from './origins';

/** docs/behaviour.md §8: the parent frame is not Safe{Wallet} (no answer in time, or not a Safe's answer). */
export const SAFE_ERROR_NAMES = {
  notSafe: 'NotSafeError',
  /** The owners did not sign a message within SAFE_SIGNATURE_MS, or the Safe's transaction for it was not executed. */
  notSigned: 'SafeNotSignedError',
} as const;

export const SAFE_MESSAGES = {
  noAnswer: (ms: number) => `The parent frame did not answer getSafeInfo within ${Math.round(ms / 1000)} s: not Safe{Wallet}`,
  notASafe: (problem: string) => `The parent frame's getSafeInfo is not a Safe's: ${problem}`,
  badAnswer: (method: string, problem: string) => `Safe{Wallet} answered ${method} with something unusable: ${problem}`,
  oneChain: 'A Safe lives on one chain: open the app in Safe{Wallet} on the other chain to use it there',
  notTheSafe: 'Only the Safe itself can sign here',
  readOnly: 'This Safe is open read-only in Safe{Wallet}: only its owners can propose or sign',
  notSignedInTime: (ms: number) => `The Safe's owners did not sign within ${Math.round(ms / 60_000)} min`,
  messageNotExecuted: 'The Safe transaction that signs the message was cancelled or failed',
  unsupported: (method: string) => `Safe{Wallet} does not offer ${method}`,
} as const;

/** A provider error with an EIP-1193 code, as wallets throw them (errors.ts reads `code` and `message`). */
function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

/**
 * Our provider's own method (never sent to Safe{Wallet} as is): where a proposal stands, from
 * getTxBySafeTxHash, checked (a ProposalState). The follower of Safe proposals asks it (docs/behaviour.md §10.1).
 */
export const SAFE_PROPOSAL_METHOD = 'walletdeck_safeProposal';

export interface SafeSession {
  info: SafeInfo;
  provider: Eip1193Provider;
  /** Where a transaction proposed to the Safe stands (getTxBySafeTxHash), checked. */
  proposalState(safeTxHash: string): Promise<ProposalState>;
}

export interface SafeSessionOptions {
  /** The deployment's frame-ancestors (WALLETDECK_FRAME_ANCESTORS; unset: any parent may answer), from the kind's environment. */
  config?: { frameAncestors?: string | undefined };
  /** The app's own URL (its origin is `'self'` in frame-ancestors). */
  page?: { origin: string };
  /** Test seams: the hang guard and the signature waits (defaults: §9's constants). */
  infoMs?: number;
  signatureMs?: number;
  pollMs?: number;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A question to the parent while waiting: its answer, or undefined when it refuses or does not answer within `ms` (asked again later). */
function answerWithin<T>(question: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([question.catch(() => undefined), sleep(ms).then(() => undefined)]);
}

/** The Safe connector's state (./index.ts's SafeConnector) as far as connectSafe reads and settles it. */
export interface SafeConnectorState {
  readonly env: SafeSessionOptions;
  shownName: string | undefined;
  unavailableReason: string | undefined;
  session: Promise<Eip1193Provider> | undefined;
  /** Events (the Safe's name) and, as undefined, "availability changed". */
  readonly changes: { emit(event: ConnectorEvent | undefined): void };
}

/**
 * The Safe connector's provider (./index.ts): the parent asked, the connector's state settled either
 * way (its name and an event when it is a Safe; why not, and "availability changed", when it is not).
 */
export async function connectSafe(connector: SafeConnectorState): Promise<Eip1193Provider> {
  try {
    const session = await openSafeSession(connector.env);
    connector.shownName = session.info.name;
    connector.changes.emit({ type: 'walletIdentified', name: session.info.name, icon: '' });
    return session.provider;
  } catch (error) {
    connector.session = undefined;
    connector.unavailableReason = error instanceof Error ? error.message : String(error);
    connector.changes.emit(undefined);
    throw error;
  }
}

/** Asks the parent frame who it is; resolves with a session when it answers as a Safe within the guard. */
export async function openSafeSession(options: SafeSessionOptions = {}): Promise<SafeSession> {
  const allowedDomains = parentOrigins(options.config?.frameAncestors, options.page?.origin ?? '');
  const sdk = new SafeAppsSDK({ ...(allowedDomains ? { allowedDomains } : {}) });
  const infoMs = options.infoMs ?? SAFE_INFO_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WalletdeckError(SAFE_ERROR_NAMES.notSafe, SAFE_MESSAGES.noAnswer(infoMs))), infoMs);
  });
  let raw: unknown;
  try {
    raw = await Promise.race([sdk.safe.getInfo(), hang]);
  } catch (error) {
    if (error instanceof WalletdeckError) throw error;
    throw new WalletdeckError(SAFE_ERROR_NAMES.notSafe, SAFE_MESSAGES.notASafe(error instanceof Error ? error.message.slice(0, 200) : 'it refused'));
  } finally {
    clearTimeout(timer);
  }
  const checked = readSafeInfo(raw);
  if (!checked.ok) throw new WalletdeckError(SAFE_ERROR_NAMES.notSafe, SAFE_MESSAGES.notASafe(checked.problem));
  const info = checked.value;

  const proposalState = async (safeTxHash: string): Promise<ProposalState> => {
    const state = readProposalState(await sdk.txs.getBySafeTxHash(safeTxHash));
    if (!state.ok) throw new WalletdeckError(ERROR_NAMES.invalidUpdate, SAFE_MESSAGES.badAnswer('getTxBySafeTxHash', state.problem));
    return state.value;
  };
  const signatureMs = options.signatureMs ?? SAFE_SIGNATURE_MS;
  const pollMs = options.pollMs ?? SAFE_SIGNATURE_POLL_MS;

  /** A signature, waiting (bounded) for the owners when the Safe answers with a hash to follow. */
  const signature = async (answer: unknown, method: string): Promise<string> => {
    const read = readSignAnswer(answer);
    if (!read.ok) throw new WalletdeckError(ERROR_NAMES.invalidUpdate, SAFE_MESSAGES.badAnswer(method, read.problem));
    const first = read.value;
    if (first.kind === 'signature') return first.signature;
    const until = Date.now() + signatureMs;
    while (Date.now() < until) {
      if (first.kind === 'offChain') {
        // Safe{Wallet} answers the owners' signatures once enough of them signed, "" until then.
        const ready = readSignature(await answerWithin(sdk.safe.getOffChainSignature(first.messageHash), pollMs));
        if (ready !== undefined && ready !== '0x') return ready;
      } else {
        const state = await answerWithin(proposalState(first.safeTxHash), pollMs);
        // Signed on chain: the Safe's contract now answers ERC-1271 for the message with no signature bytes.
        if (state?.status === 'executed' && state.success) return '0x';
        if (state?.status === 'cancelled' || (state?.status === 'executed' && !state.success)) throw new WalletdeckError(SAFE_ERROR_NAMES.notSigned, SAFE_MESSAGES.messageNotExecuted);
      }
      await sleep(pollMs);
    }
    throw new WalletdeckError(SAFE_ERROR_NAMES.notSigned, SAFE_MESSAGES.notSignedInTime(signatureMs));
  };

  const mustBeTheSafe = (address: unknown) => {
    if (checksumAddress(address) !== info.address) throw rpcError(4100, SAFE_MESSAGES.notTheSafe);
    if (info.readOnly) throw rpcError(4100, SAFE_MESSAGES.readOnly);
  };

  const provider: Eip1193Provider = {
    async request({ method, params }: RequestArguments): Promise<unknown> {
      const list: readonly unknown[] = Array.isArray(params) ? params : [];
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [info.address];
        case 'eth_chainId':
          return `0x${info.chainId.toString(16)}`;
        case SAFE_PROPOSAL_METHOD: {
          const hash = readHash(list[0]);
          if (hash === undefined) throw rpcError(-32602, 'Not a safeTxHash');
          return proposalState(hash);
        }
        case 'wallet_switchEthereumChain':
        case 'wallet_addEthereumChain':
          throw rpcError(4200, SAFE_MESSAGES.oneChain);
        case 'personal_sign': {
          mustBeTheSafe(list[1]);
          const message = decodeMessage(list[0]);
          return signature(await sdk.txs.signMessage(message), 'signMessage');
        }
        case 'eth_signTypedData_v4': {
          mustBeTheSafe(list[0]);
          const typed: unknown = typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1];
          if (!isRecord(typed)) throw rpcError(-32602, 'The typed data is not an object');
          return signature(await sdk.txs.signTypedMessage(typed as Parameters<typeof sdk.txs.signTypedMessage>[0]), 'signTypedMessage');
        }
        case 'eth_sendTransaction': {
          const tx = list[0];
          if (!isRecord(tx)) throw rpcError(-32602, 'The transaction is not an object');
          mustBeTheSafe(tx['from'] ?? info.address);
          const to = checksumAddress(tx['to']);
          if (to === undefined) throw rpcError(-32602, 'The transaction has no recipient');
          const value = typeof tx['value'] === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(tx['value']) ? BigInt(tx['value']).toString(10) : '0';
          const data = typeof tx['data'] === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(tx['data']) ? tx['data'] : '0x';
          const proposal = readProposal(await sdk.txs.send({ txs: [{ to, value, data }] }));
          if (!proposal.ok) throw new WalletdeckError(ERROR_NAMES.invalidUpdate, SAFE_MESSAGES.badAnswer('sendTransactions', proposal.problem));
          return proposal.value;
        }
        default:
          throw rpcError(4200, SAFE_MESSAGES.unsupported(method));
      }
    },
  };
  return { info, provider, proposalState };
}

/** personal_sign's message is the hex of its UTF-8 bytes: Safe{Wallet} is given the text (it shows and hashes that). */
function decodeMessage(raw: unknown): string {
  if (typeof raw !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(raw)) throw rpcError(-32602, 'The message is not hex');
  const bytes = new Uint8Array((raw.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(raw.slice(2 + 2 * i, 4 + 2 * i), 16);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return raw;
  }
}
