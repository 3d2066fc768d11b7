// ENS reverse lookup, verified by a forward lookup. Loaded on demand (webpackChunkName "names"):
// only name hashing comes from ethers; the calls go through our own JSON-RPC client.
import { namehash } from 'ethers/hash';
import { RpcError } from './errors';

/** eth_call to a contract; resolves with the returned data. */
export type ContractCall = (to: string, data: string) => Promise<unknown>;

const RESOLVER = '0x0178b8bf'; // resolver(bytes32)
const NAME = '0x691f3431'; // name(bytes32)
const ADDR = '0x3b3b57de'; // addr(bytes32)
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

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
  const length = word(data, at);
  if (!Number.isInteger(at) || !length) return undefined;
  const size = Number.parseInt(length, 16);
  const start = 2 + (at + 1) * 64;
  if (!Number.isSafeInteger(size) || data.length < start + size * 2) return undefined;
  const hex = data.slice(start, start + size * 2);
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
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

function hashName(name: string): string | undefined {
  try {
    return namehash(name);
  } catch {
    return undefined; // not a valid (normalisable) name
  }
}

/**
 * The primary name of `address`, or null when it has none, or when the name does not resolve back
 * to the same address (anyone can claim any name in reverse records).
 */
export async function lookupName(call: ContractCall, registry: string, address: string): Promise<string | null> {
  const reverseNode = namehash(`${address.slice(2).toLowerCase()}.addr.reverse`);
  const reverseResolver = await resolverOf(call, registry, reverseNode);
  if (!reverseResolver) return null;
  const nameData = await read(call, reverseResolver, `${NAME}${reverseNode.slice(2)}`);
  const name = nameData ? decodeString(nameData) : undefined;
  if (!name) return null;
  const node = hashName(name);
  if (!node) return null;
  const resolver = await resolverOf(call, registry, node);
  if (!resolver) return null;
  const forward = await read(call, resolver, `${ADDR}${node.slice(2)}`);
  return forward !== undefined && decodeAddress(forward) === address.toLowerCase() ? name : null;
}
