// Names through ENS's Universal Resolver (ENSIP-23) — or our contract with its interface on local
// chains: a primary name by coin type (ENSIP-19), verified forward by the resolver itself; a name's
// address for a coin type (ENSIP-9/11) and its text records, with ENSIP-10 wildcard and EIP-3668.
// One eth_call per question when no gateway is involved.
import { AbiCoder, concat, dataLength, dataSlice, ensNormalize, getAddress, hexlify, keccak256, namehash, toUtf8Bytes } from 'ethers';
import { callWithLookups, type EthCall, type GatewayPolicy } from './ccip';
import { NAME_ERROR_NAMES, NAME_MESSAGES, nameError } from './errors';

const coder = AbiCoder.defaultAbiCoder();
const REVERSE = '0x5d78a217'; // reverse(bytes,uint256)
const RESOLVE = '0x9061b923'; // resolve(bytes,bytes)
const ADDR = '0x3b3b57de'; // addr(bytes32)
const ADDR_COIN = '0xf1cb7e06'; // addr(bytes32,uint256)
const TEXT = '0x59d1d43c'; // text(bytes32,string)
const HTTP_ERROR = '0x01800152'; // HttpError(uint16,string), ENSIP-21 / ENSIP-23
const ERROR_STRING = '0x08c379a0'; // Error(string)

/** ENSIP-11 / ENSIP-19: 60 on the chain that holds names (Ethereum, Sepolia, a local chain for itself), else 0x80000000 | chainId. */
export function coinTypeOf(chainId: number, namesChainId: number): number {
  return chainId === namesChainId ? 60 : (0x80000000 | chainId) >>> 0;
}

/** ENSIP-15 normalised form, or undefined for a name that is not valid. */
export function normalizeName(name: string): string | undefined {
  try {
    const normalised = ensNormalize(name);
    return normalised !== '' && normalised.includes('.') ? normalised : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The primary name of `address` for `coinType`, or null: none, not verified (ReverseAddressMismatch or
 * any other revert of the resolver), or not in normalised form (ENSIP-23: then it is not valid).
 * Rejects with NameError when a gateway was refused or failed, RpcError when the chain did not answer.
 */
export async function primaryName(call: EthCall, universalResolver: string, address: string, coinType: number, policy: GatewayPolicy): Promise<string | null> {
  const data = concat([REVERSE, coder.encode(['bytes', 'uint256'], [address, coinType])]);
  const result = await callWithLookups(call, universalResolver, data, policy);
  if (!result.ok) return noName(result.revert);
  let name: string;
  try {
    [name] = coder.decode(['string', 'address', 'address'], result.data) as unknown as [string];
  } catch {
    return null;
  }
  if (typeof name !== 'string' || name === '') return null;
  return normalizeName(name) === name ? name : null;
}

/**
 * The DNS encoding of a normalised name (the Universal Resolver's name argument): each label as its
 * length and bytes; a label longer than 255 bytes as its hash, "[" + keccak256 in hex + "]", which the
 * resolver reads as that label's hash (so a name of any length can be asked for).
 */
export function dnsEncodeName(name: string): string {
  const parts: Uint8Array[] = [];
  for (const label of name.split('.')) {
    let bytes = toUtf8Bytes(label);
    if (bytes.length > 255) bytes = toUtf8Bytes(`[${keccak256(bytes).slice(2)}]`);
    parts.push(new Uint8Array([bytes.length]), bytes);
  }
  parts.push(new Uint8Array([0]));
  return hexlify(concat(parts));
}

/**
 * A revert of the resolver as an answer: null ("no name": none, not verified, no resolver) — except a
 * gateway's failure reported by the resolver (HttpError, or Error(string) from an ENSIP-21 batch),
 * which is this lookup's failure (NameError: not remembered as "no name").
 */
function noName(revert: string): null {
  const selector = revert.slice(0, 10).toLowerCase();
  if (selector === HTTP_ERROR || selector === ERROR_STRING) throw nameError(NAME_ERROR_NAMES.gateway, NAME_MESSAGES.reportedByResolver);
  return null;
}

/** `data` for `name` through `resolve(bytes,bytes)`: the resolver's ABI-encoded answer, or undefined (no resolver, a revert). */
async function resolveRecord(call: EthCall, universalResolver: string, name: string, data: string, policy: GatewayPolicy): Promise<string | undefined> {
  const request = concat([RESOLVE, coder.encode(['bytes', 'bytes'], [dnsEncodeName(name), data])]);
  const result = await callWithLookups(call, universalResolver, request, policy);
  if (!result.ok) return noName(result.revert) ?? undefined;
  try {
    const [answer] = coder.decode(['bytes', 'address'], result.data) as unknown as [string];
    return String(answer);
  } catch {
    return undefined;
  }
}

/**
 * The checksummed address of a normalised `name` for `coinType`, or null when it has none (never
 * another coin type's): `addr(bytes32)` for Ethereum's (60, which every resolver answers), else
 * `addr(bytes32,uint256)` (ENSIP-9/11).
 */
export async function addressOf(call: EthCall, universalResolver: string, name: string, coinType: number, policy: GatewayPolicy): Promise<string | null> {
  const node = namehash(name);
  const data = coinType === 60 ? concat([ADDR, coder.encode(['bytes32'], [node])]) : concat([ADDR_COIN, coder.encode(['bytes32', 'uint256'], [node, coinType])]);
  const answer = await resolveRecord(call, universalResolver, name, data, policy);
  if (answer === undefined) return null;
  try {
    let address: string;
    if (coinType === 60) {
      if (dataLength(answer) !== 32 || !/^0x0{24}/.test(answer)) return null;
      address = getAddress(dataSlice(answer, 12));
    } else {
      const [raw] = coder.decode(['bytes'], answer) as unknown as [string];
      if (dataLength(raw) !== 20) return null;
      address = getAddress(raw);
    }
    return /^0x0{40}$/.test(address) ? null : address;
  } catch {
    return null;
  }
}

/** A text record (ENSIP-5) of a normalised name, '' when unset; bounded (longer is treated as unset). */
export async function textRecord(call: EthCall, universalResolver: string, name: string, key: string, policy: GatewayPolicy, maxLength = 100_000): Promise<string> {
  const answer = await resolveRecord(call, universalResolver, name, concat([TEXT, coder.encode(['bytes32', 'string'], [namehash(name), key])]), policy);
  if (answer === undefined) return '';
  try {
    const [text] = coder.decode(['string'], answer) as unknown as [string];
    return typeof text === 'string' && text.length <= maxLength ? text : '';
  } catch {
    return '';
  }
}
