// ENS reverse lookup, verified by a forward lookup; and forward resolution of a name the user types
// (a transfer's recipient). The reverse name `<addr>.addr.reverse` is plain
// ASCII and is hashed with the keccak already in the bundle (../keccak); the ENSIP-15 normaliser (a large
// table, ~200 ms to initialise) is loaded only when a reverse record actually holds a name.
import { keccak256 } from '../keccak';
import { RpcError } from './errors';

/** eth_call to a contract; resolves with the returned data. */
export type ContractCall = (to: string, data: string) => Promise<unknown>;
/** ENSIP-15 normalisation: the normalised name, or a throw for a name that is not valid. */
export type Normalize = (name: string) => string;

const RESOLVER = '0x0178b8bf'; // resolver(bytes32)
const NAME = '0x691f3431'; // name(bytes32)
const ADDR = '0x3b3b57de'; // addr(bytes32)
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

/** The normaliser from ethers (which ships @adraffy/ens-normalize), in its own chunk. */
export const loadNormalizer = (): Promise<Normalize> =>
  import(/* webpackChunkName: "ens-normalize" */ 'ethers/hash').then((m) => m.ensNormalize);

function toHex(bytes: Uint8Array): string {
  let hex = '0x';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** EIP-137 namehash of a name that is already normalised. */
export function namehash(name: string): string {
  const encoder = new TextEncoder();
  let node: Uint8Array = new Uint8Array(32);
  const labels = name === '' ? [] : name.split('.');
  for (let i = labels.length - 1; i >= 0; i--) {
    const joined = new Uint8Array(64);
    joined.set(node);
    joined.set(keccak256(encoder.encode(labels[i])), 32);
    node = keccak256(joined);
  }
  return toHex(node);
}

function word(data: string, index: number): string | undefined {
  const start = 2 + index * 64;
  return data.length >= start + 64 ? data.slice(start, start + 64) : undefined;
}

/** An ABI-encoded address, or undefined for no data (no contract) or the zero address. */
function decodeAddress(data: string): string | undefined {
  const w = word(data, 0);
  if (!w || !/^0{24}[0-9a-f]{40}$/i.test(w)) return undefined;
  const address = `0x${w.slice(24).toLowerCase()}`;
  return address === ZERO_ADDRESS ? undefined : address;
}

/** An ABI-encoded string, or undefined when the data is not one. */
function decodeString(data: string): string | undefined {
  const offset = word(data, 0);
  if (!offset) return undefined;
  const at = Number.parseInt(offset, 16) / 32;
  const length = Number.isSafeInteger(at) ? word(data, at) : undefined;
  if (!length) return undefined;
  const size = Number.parseInt(length, 16);
  const start = 2 + (at + 1) * 64;
  if (!Number.isSafeInteger(size) || data.length < start + size * 2) return undefined;
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = Number.parseInt(data.substr(start + i * 2, 2), 16);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** A call whose revert means "no record here", not a failure of the lookup. */
async function read(call: ContractCall, to: string, data: string): Promise<string | undefined> {
  try {
    const result = await call(to, data);
    return typeof result === 'string' && /^0x[0-9a-f]*$/i.test(result) ? result : undefined;
  } catch (error) {
    // A JSON-RPC error from a healthy endpoint (a revert): the contract has no answer for us.
    if (error instanceof RpcError && error.error.code !== undefined) return undefined;
    throw error;
  }
}

async function resolverOf(call: ContractCall, registry: string, node: string): Promise<string | undefined> {
  const data = await read(call, registry, `${RESOLVER}${node.slice(2)}`);
  return data ? decodeAddress(data) : undefined;
}

/**
 * The primary name of `address` in ENSIP-15 normalised form, or null when it has none, when the
 * name is not a valid name, or when it does not resolve back to the same address (anyone can claim
 * any name in reverse records).
 */
export async function lookupName(
  call: ContractCall,
  registry: string,
  address: string,
  normalizer: () => Promise<Normalize> = loadNormalizer,
): Promise<string | null> {
  const reverseNode = namehash(`${address.slice(2).toLowerCase()}.addr.reverse`);
  const reverseResolver = await resolverOf(call, registry, reverseNode);
  if (!reverseResolver) return null;
  const nameData = await read(call, reverseResolver, `${NAME}${reverseNode.slice(2)}`);
  const raw = nameData ? decodeString(nameData) : undefined;
  if (!raw) return null;
  const normalize = await normalizer();
  let name: string;
  try {
    name = normalize(raw);
  } catch {
    return null; // not a valid name
  }
  const node = namehash(name);
  const resolver = await resolverOf(call, registry, node);
  if (!resolver) return null;
  const forward = await read(call, resolver, `${ADDR}${node.slice(2)}`);
  return forward !== undefined && decodeAddress(forward) === address.toLowerCase() ? name : null;
}

/** What a recipient name resolves to (forward lookup). */
export type NameResolution =
  /** `name` is the ENSIP-15 normalised form of what was typed; `address` is lowercase. */
  | { status: 'resolved'; name: string; address: string }
  /** A valid name with no address on this chain (no resolver, or no `addr` record). */
  | { status: 'notFound'; name: string }
  /** Not a valid name (ENSIP-15 refuses it). */
  | { status: 'invalid' };

/**
 * The address `name` points to on the registry's chain, read through the registry's resolver for the
 * normalised name: an answer that is not an ABI-encoded address, or the zero address, is no address.
 */
export async function resolveName(
  call: ContractCall,
  registry: string,
  name: string,
  normalizer: () => Promise<Normalize> = loadNormalizer,
): Promise<NameResolution> {
  const normalize = await normalizer();
  let normalised: string;
  try {
    normalised = normalize(name);
  } catch {
    return { status: 'invalid' };
  }
  if (normalised === '' || !normalised.includes('.')) return { status: 'invalid' };
  const node = namehash(normalised);
  const resolver = await resolverOf(call, registry, node);
  const data = resolver ? await read(call, resolver, `${ADDR}${node.slice(2)}`) : undefined;
  const address = data ? decodeAddress(data) : undefined;
  return address ? { status: 'resolved', name: normalised, address } : { status: 'notFound', name: normalised };
}
