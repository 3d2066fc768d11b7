// The development Coinbase popup's smart account (contracts/DevSmartAccount.sol), standing in for
// Coinbase Smart Wallet: what it is (its owner's key, its CREATE2 address, known before it exists),
// how it signs (ERC-1271 once deployed; ERC-6492 wrapped before), how a batch is signed and handed to
// the stand-in bundler, and the EIP-5792 answers about it. The pure parts have no chain and no DOM
// (unit tests, the popup page, the keys server); SmartAccountWallet is the part that asks the chain,
// through whatever `rpc` it is given.
import {
  AbiCoder,
  Interface,
  SigningKey,
  TypedDataEncoder,
  Wallet,
  ZeroHash,
  computeAddress,
  concat,
  getAddress,
  getBytes,
  getCreate2Address,
  getCreateAddress,
  hashMessage,
  id,
  isHexString,
  keccak256,
  toUtf8Bytes,
} from 'ethers';
import artifact from '../../../contracts/DevSmartAccount.json';
import { isRecord } from '../../../src/lib/guards';
import { WalletError, hexChainId, invalidParams, sameAddress, unauthorized } from '../shared/requests';

/**
 * The owner's key: derived from a fixed phrase, public like anvil's keys (it guards play money on the
 * local chain only), and never one of anvil's funded accounts: the smart account is an account of its own.
 */
export const DEV_SMART_OWNER_KEY = id('walletdeck.development.smart-account.owner');
/** Deploys the factory, once, at its first nonce: the factory's address is known before `npm start` runs. */
export const DEV_SMART_DEPLOYER = getAddress('0x000000000000000000000000000000000000de93');
/**
 * The stand-in bundler's key: it submits the owner's signed batches as its own transactions and pays
 * their gas. A key of its own (funded at set-up), so no chain needs to unlock it and the keys the
 * popup offers stay anvil's ten.
 */
export const DEV_SMART_BUNDLER_KEY = id('walletdeck.development.smart-account.bundler');
export const DEV_SMART_BUNDLER = computeAddress(DEV_SMART_BUNDLER_KEY);
export const DEV_SMART_SALT = ZeroHash;
/** The factory's address: the deployer's first contract. */
export const DEV_SMART_FACTORY = getCreateAddress({ from: DEV_SMART_DEPLOYER, nonce: 0 });
/** The most calls one batch may carry (the app sends at most 10). */
export const MAX_BATCH_CALLS = 20;
export const ERC6492_SUFFIX = `0x${'6492'.repeat(16)}`;
/** How the popup's account picker names the smart account. */
export const SMART_ACCOUNT_LABEL = 'Smart account';

const coder = AbiCoder.defaultAbiCoder();
export const accountAbi = new Interface(artifact.DevSmartAccount.abi);
export const factoryAbi = new Interface(artifact.DevSmartAccountFactory.abi);
export const FACTORY_BYTECODE = artifact.DevSmartAccountFactory.bytecode;

/** What the popup knows of its smart account (plain JSON: it crosses from the server to the page). */
export interface SmartAccountInfo {
  address: string;
  owner: string;
  ownerKey: string;
  factory: string;
  salt: string;
  bundler: string;
  bundlerKey: string;
}

/** The account `ownerKey` gets from `factory` with `salt` (CREATE2, computed here, as the factory does). */
export function smartAccountInfo(ownerKey: string = DEV_SMART_OWNER_KEY, factory: string = DEV_SMART_FACTORY, salt: string = DEV_SMART_SALT): SmartAccountInfo {
  const owner = computeAddress(ownerKey);
  const initCode = concat([artifact.DevSmartAccount.bytecode, coder.encode(['address'], [owner])]);
  const address = getCreate2Address(factory, salt, keccak256(initCode));
  return { address, owner, ownerKey, factory: getAddress(factory), salt, bundler: DEV_SMART_BUNDLER, bundlerKey: DEV_SMART_BUNDLER_KEY };
}

export interface Call {
  target: string;
  value: bigint;
  data: string;
}

const domain = (account: string, chainId: number) => ({ name: 'Walletdeck development account', version: '1', chainId, verifyingContract: account });

/** What the owner signs when the account is asked about `hash` (the contract's replaySafeHash). */
export function replaySafeHash(account: string, chainId: number, hash: string): string {
  return TypedDataEncoder.hash(domain(account, chainId), { AccountMessage: [{ name: 'hash', type: 'bytes32' }] }, { hash });
}

/** What the owner signs for a batch at `nonce` (the contract's executeDigest). */
export function executeDigest(account: string, chainId: number, nonce: bigint, calls: readonly Call[]): string {
  return TypedDataEncoder.hash(
    domain(account, chainId),
    {
      Execute: [
        { name: 'nonce', type: 'uint256' },
        { name: 'calls', type: 'Call[]' },
      ],
      Call: [
        { name: 'target', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'data', type: 'bytes' },
      ],
    },
    { nonce, calls: calls.map((c) => ({ target: c.target, value: c.value, data: c.data })) },
  );
}

/** The calldata that makes the account: the factory call an ERC-6492 signature carries. */
export const createCalldata = (info: SmartAccountInfo): string => factoryAbi.encodeFunctionData('createAccount', [info.owner, info.salt]);

/** ERC-6492: abi.encode(factory, factoryCalldata, signature) followed by the magic suffix. */
export function wrap6492(factory: string, factoryCalldata: string, signature: string): string {
  return concat([coder.encode(['address', 'bytes', 'bytes'], [factory, factoryCalldata, signature]), ERC6492_SUFFIX]);
}

/**
 * The account's answer for `hash`: the owner's signature of its replay-safe hash; before the account
 * exists, wrapped (ERC-6492) with the factory call that makes it, so a verifier can check it anyway.
 */
export function signHash(info: SmartAccountInfo, chainId: number, hash: string, deployed: boolean): string {
  const signature = new SigningKey(info.ownerKey).sign(replaySafeHash(info.address, chainId, hash)).serialized;
  return deployed ? signature : wrap6492(info.factory, createCalldata(info), signature);
}

/** The hash personal_sign's payload stands for (EIP-191): hex is bytes, anything else its UTF-8 text. */
export function personalMessageHash(payload: unknown): string {
  if (typeof payload !== 'string') throw invalidParams('personal_sign needs a message');
  return hashMessage(isHexString(payload) ? getBytes(payload) : toUtf8Bytes(payload));
}

/** The EIP-712 hash of eth_signTypedData_v4's typed data (JSON text or an object). */
export function typedDataHash(raw: unknown): string {
  let data: unknown = raw;
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw) as unknown;
    } catch {
      throw invalidParams('the typed data is not JSON');
    }
  }
  if (!isRecord(data) || !isRecord(data['types']) || !isRecord(data['domain']) || !isRecord(data['message'])) {
    throw invalidParams('typed data needs types, domain and message');
  }
  const { EIP712Domain: _domain, ...types } = data['types'] as Record<string, { name: string; type: string }[]>;
  try {
    return TypedDataEncoder.hash(data['domain'], types, data['message']);
  } catch (error) {
    throw invalidParams(`the typed data cannot be hashed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function quantity(raw: unknown, what: string): bigint {
  if (raw === undefined || raw === null) return 0n;
  if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(raw)) throw invalidParams(`${what} must be a hex quantity`);
  return BigInt(raw);
}

function hexData(raw: unknown, what: string): string {
  if (raw === undefined || raw === null) return '0x';
  if (typeof raw !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(raw)) throw invalidParams(`${what} must be hex bytes`);
  return raw;
}

function readCall(raw: unknown, what: string): Call {
  if (!isRecord(raw)) throw invalidParams(`${what} is not an object`);
  const to = raw['to'];
  if (typeof to !== 'string' || !ADDRESS.test(to)) throw invalidParams(`${what} needs a "to" address (contract creation is not offered)`);
  return { target: getAddress(to), value: quantity(raw['value'], `${what}'s value`), data: hexData(raw['data'], `${what}'s data`) };
}

/** The checks every request from the smart account passes: its own account, the chain it lives on. */
function checkSender(from: unknown, account: string, chainId: number | undefined, localChainId: number): void {
  if (typeof from !== 'string' || !ADDRESS.test(from) || !sameAddress(from, account)) throw unauthorized();
  if (chainId !== undefined && chainId !== localChainId) {
    throw new WalletError(5710, `The development smart account lives only on chain ${localChainId}: switch to it first.`);
  }
}

/** eth_sendTransaction's parameters as the one call the account makes. */
export function readTransactionCall(params: unknown, account: string, chainId: number | undefined, localChainId: number): Call {
  const tx = Array.isArray(params) ? (params[0] as unknown) : undefined;
  if (!isRecord(tx)) throw invalidParams('expected [{ from, to, value?, data? }]');
  checkSender(tx['from'], account, chainId, localChainId);
  return readCall(tx, 'the transaction');
}

/** wallet_sendCalls' parameters (EIP-5792 2.0.0) as the account's calls; anything else refused. */
export function readSendCalls(params: unknown, account: string, localChainId: number): Call[] {
  const request = Array.isArray(params) ? (params[0] as unknown) : undefined;
  if (!isRecord(request)) throw invalidParams('expected [{ version, chainId, from, atomicRequired, calls }]');
  if (request['version'] !== '2.0.0') throw invalidParams(`version ${JSON.stringify(request['version'])} is not 2.0.0`);
  const chainId = request['chainId'];
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]+$/.test(chainId)) throw invalidParams('chainId must be a hex chain id');
  checkSender(request['from'], account, parseInt(chainId, 16), localChainId);
  if (typeof request['atomicRequired'] !== 'boolean') throw invalidParams('atomicRequired must be true or false');
  // Every non-optional capability the wallet does not know is refused (EIP-5792 5700); there are none it knows.
  const capabilities = request['capabilities'];
  if (isRecord(capabilities)) {
    const required = Object.entries(capabilities).find(([, value]) => isRecord(value) && value['optional'] !== true);
    if (required) throw new WalletError(5700, `The capability ${required[0]} is not supported`);
  }
  const calls = request['calls'];
  if (!Array.isArray(calls) || calls.length === 0) throw invalidParams('calls must hold at least one call');
  if (calls.length > MAX_BATCH_CALLS) throw new WalletError(5740, `At most ${MAX_BATCH_CALLS} calls in one batch`);
  return calls.map((call, index) => readCall(call, `call ${index + 1}`));
}

/** The capabilities the wallet reports for an account (keyed by hex chain id): batches for the smart account only. */
export function capabilitiesFor(account: string | undefined, smart: SmartAccountInfo | undefined, localChainId: number): Record<string, unknown> {
  if (!account || !smart || !sameAddress(account, smart.address)) return {};
  return { [hexChainId(localChainId)]: { atomic: { status: 'supported' } } };
}

export type AccountPreference = 'all' | 'smartWalletOnly' | 'eoaOnly';

/** The account preference the SDK's config message carries (`data.preference.options`); anything else is "all". */
export function readPreference(config: unknown): AccountPreference {
  const preference = isRecord(config) && isRecord(config['preference']) ? config['preference']['options'] : undefined;
  return preference === 'smartWalletOnly' || preference === 'eoaOnly' ? preference : 'all';
}

/** The accounts the popup offers: the smart account first, then the keys, as the site's preference allows. */
export function offeredAccounts(eoas: readonly string[], smart: string | undefined, preference: AccountPreference): string[] {
  if (smart === undefined) return [...eoas];
  if (preference === 'smartWalletOnly') return [smart];
  if (preference === 'eoaOnly') return [...eoas];
  return [smart, ...eoas];
}

interface ChainLog {
  address?: unknown;
  data?: unknown;
  topics?: unknown;
}

/** A transaction as eth_getTransactionByHash gives it (only what the status needs). */
export interface ChainTransaction {
  from?: unknown;
  to?: unknown;
}

/** A receipt as eth_getTransactionReceipt gives it. */
export interface ChainReceipt {
  status?: unknown;
  blockHash?: unknown;
  blockNumber?: unknown;
  gasUsed?: unknown;
  transactionHash?: unknown;
  logs?: unknown;
}

/** EIP-5792's answer to wallet_getCallsStatus (version 2.0.0). */
export interface CallsStatusAnswer {
  version: '2.0.0';
  id: string;
  chainId: string;
  status: 100 | 200 | 500;
  atomic: true;
  receipts?: {
    logs: { address: string; data: string; topics: string[] }[];
    status: string;
    blockHash: string;
    blockNumber: string;
    gasUsed: string;
    transactionHash: string;
  }[];
}

const unknownBatch = (id: unknown) => new WalletError(5730, `Unknown bundle id ${JSON.stringify(id)}`);

/**
 * The status of batch `id` (the bundler's transaction hash: the popup keeps nothing) from what the
 * chain says of that transaction. A hash that is not the bundler's call of this account or its
 * factory is no batch of ours (5730); mined: confirmed, or reverted as a whole (500: atomic).
 */
export function callsStatus(
  id: unknown,
  chainId: number,
  smart: SmartAccountInfo,
  tx: ChainTransaction | null,
  receipt: ChainReceipt | null,
): CallsStatusAnswer {
  if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(id)) throw unknownBatch(id);
  if (!tx || typeof tx.from !== 'string' || !sameAddress(tx.from, smart.bundler)) throw unknownBatch(id);
  if (typeof tx.to !== 'string' || !(sameAddress(tx.to, smart.address) || sameAddress(tx.to, smart.factory))) throw unknownBatch(id);
  const base = { version: '2.0.0' as const, id, chainId: hexChainId(chainId), atomic: true as const };
  if (!receipt) return { ...base, status: 100 };
  const logs = (Array.isArray(receipt.logs) ? (receipt.logs as ChainLog[]) : []).map((log) => ({
    address: String(log.address),
    data: String(log.data),
    topics: Array.isArray(log.topics) ? log.topics.map(String) : [],
  }));
  return {
    ...base,
    status: receipt.status === '0x1' ? 200 : 500,
    receipts: [
      {
        logs,
        status: String(receipt.status),
        blockHash: String(receipt.blockHash),
        blockNumber: String(receipt.blockNumber),
        gasUsed: String(receipt.gasUsed),
        transactionHash: String(receipt.transactionHash),
      },
    ],
  };
}

/** One JSON-RPC call to the local chain. */
export type ChainRpc = <T = unknown>(method: string, params: unknown[]) => Promise<T>;

/** The smart account at work on the local chain: whether it exists yet, signing, sending through the bundler. */
export class SmartAccountWallet {
  constructor(
    readonly info: SmartAccountInfo,
    readonly chainId: number,
    private readonly rpc: ChainRpc,
  ) {}

  async deployed(): Promise<boolean> {
    const code = await this.rpc<string>('eth_getCode', [this.info.address, 'latest']);
    return typeof code === 'string' && code !== '0x';
  }

  async sign(hash: string): Promise<string> {
    return signHash(this.info, this.chainId, hash, await this.deployed());
  }

  /**
   * The owner signs the calls at the account's nonce and the bundler submits them: through the
   * factory on the first transaction (which makes the account), to the account after. The answer is
   * the bundler's transaction hash; a batch that would revert is refused before it is sent.
   */
  async execute(calls: readonly Call[]): Promise<string> {
    const deployed = await this.deployed();
    let nonce = 0n;
    if (deployed) {
      const raw = await this.rpc<string>('eth_call', [{ to: this.info.address, data: accountAbi.encodeFunctionData('nonce') }, 'latest']);
      nonce = BigInt(accountAbi.decodeFunctionResult('nonce', raw)[0] as bigint);
    }
    const signature = new SigningKey(this.info.ownerKey).sign(executeDigest(this.info.address, this.chainId, nonce, calls)).serialized;
    const encoded = calls.map((c) => [c.target, c.value, c.data]);
    const tx = deployed
      ? { to: this.info.address, data: accountAbi.encodeFunctionData('executeBatch', [encoded, signature]) }
      : { to: this.info.factory, data: factoryAbi.encodeFunctionData('createAndExecute', [this.info.owner, this.info.salt, encoded, signature]) };
    // As a bundler simulates before it submits: a batch that would revert is refused, not mined as a failure.
    let gas: string;
    try {
      gas = await this.rpc<string>('eth_estimateGas', [{ from: this.info.bundler, ...tx }]);
    } catch (error) {
      throw new WalletError(-32000, `The batch would fail on chain, so it was not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
    const [sequence, block, tip] = await Promise.all([
      this.rpc<string>('eth_getTransactionCount', [this.info.bundler, 'pending']),
      this.rpc<{ baseFeePerGas?: string }>('eth_getBlockByNumber', ['latest', false]),
      this.rpc<string>('eth_maxPriorityFeePerGas', []),
    ]);
    const baseFee = BigInt(block.baseFeePerGas ?? '0x0');
    const raw = await new Wallet(this.info.bundlerKey).signTransaction({
      type: 2,
      chainId: this.chainId,
      nonce: Number(BigInt(sequence)),
      to: tx.to,
      data: tx.data,
      gasLimit: BigInt(gas),
      maxPriorityFeePerGas: BigInt(tip),
      maxFeePerGas: 2n * baseFee + BigInt(tip),
    });
    return this.rpc<string>('eth_sendRawTransaction', [raw]);
  }
}
