// Name lookups, loaded after the first paint (a chunk of its own): the store's name endpoints import
// this module on first use. See docs/behaviour.md §5.5.
import { RpcError } from '../rpc/errors';
import type { ChainClient } from '../rpc/client';
import { avatarUrl } from './avatar';
import { GATEWAY_TIMEOUT_MS, MAX_GATEWAY_BYTES, MAX_LOOKUPS, NAME_GATEWAYS_TOTAL_MS, type EthCall, type GatewayPolicy } from './ccip';
import { imageNetwork, type NameSettings } from './settings';
import { addressOf, normalizeName, primaryName, textRecord } from './universal';

export { coinTypeOf } from './universal';
// The memory of verified names comes with the lookup code (RpcRuntime.nameMemory).
export { createNameMemory } from '../rpc/nameMemory';
export { NameError } from './errors';

/** eth_call through a chain's client; a revert is an outcome, a chain that does not answer rejects. */
export function ethCallOf(client: ChainClient): EthCall {
  return async (to, data) => {
    try {
      const result = await client.request('eth_call', [{ to, data }, 'latest'], 'data');
      return { ok: true, data: String(result) };
    } catch (error) {
      // A JSON-RPC error of a healthy endpoint is the contract's answer (a revert).
      if (error instanceof RpcError && error.error.code !== undefined) return { ok: false, revert: error.revertData ?? '0x' };
      throw error;
    }
  };
}

export function gatewayPolicy(settings: NameSettings, overrides: Partial<GatewayPolicy> = {}): GatewayPolicy {
  return {
    origins: settings.gatewayOrigins,
    allowLocalHttp: settings.allowLocalHttp,
    fetch: (url, init) => fetch(url, init),
    timeoutMs: GATEWAY_TIMEOUT_MS,
    totalMs: NAME_GATEWAYS_TOTAL_MS,
    maxBytes: MAX_GATEWAY_BYTES,
    maxLookups: MAX_LOOKUPS,
    warn: (message) => console.warn(message),
    ...overrides,
  };
}

export interface NamesAt {
  call: EthCall;
  universalResolver: string;
  namesChainId: number;
  policy: GatewayPolicy;
  imageSource?: string;
}

/** What the page shows for an account: its verified primary name and that name's avatar image. */
export interface ShownName {
  name: string;
  /** An image URL (the image source's, or a data:image URI); absent: draw the identicon. */
  avatar?: string;
}

async function avatarOf(at: NamesAt, name: string): Promise<string | undefined> {
  // An avatar that cannot be read costs only the avatar.
  const record = await textRecord(at.call, at.universalResolver, name, 'avatar', at.policy).catch(() => '');
  const source = at.imageSource?.replace('{network}', imageNetwork(at.namesChainId));
  return avatarUrl(record, name, source);
}

/** The primary name of `address` for `coinType` with its avatar, or null for none. */
export async function lookupAccount(at: NamesAt, address: string, coinType: number): Promise<ShownName | null> {
  const name = await primaryName(at.call, at.universalResolver, address, coinType, at.policy);
  if (!name) return null;
  const avatar = await avatarOf(at, name);
  return avatar ? { name, avatar } : { name };
}

/** What a recipient typed as a name resolves to for a chain's coin type. */
export type RecipientName =
  | { status: 'resolved'; name: string; address: string; avatar?: string }
  /** A valid name with no address for this chain's coin type. */
  | { status: 'notFound'; name: string }
  | { status: 'invalid' };

export async function lookupRecipient(at: NamesAt, typed: string, coinType: number): Promise<RecipientName> {
  const name = normalizeName(typed);
  if (!name) return { status: 'invalid' };
  const address = await addressOf(at.call, at.universalResolver, name, coinType, at.policy);
  if (!address) return { status: 'notFound', name };
  const avatar = await avatarOf(at, name);
  return avatar ? { status: 'resolved', name, address, avatar } : { status: 'resolved', name, address };
}
