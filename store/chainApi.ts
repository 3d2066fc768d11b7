// Read-only chain data endpoints, injected into the one rpcApi. Queries are keyed by chain id and
// address, so a result can never be mistaken for another chain's or account's. The block is polled
// every BLOCK_POLL_MS while shown (src/features/chain/useLatestBlock.ts).
import { rpcApi, withRpc } from './rpcApi';
import { parseQuantity, parseSafeInteger } from '../src/lib/rpc';
import { namesLookup } from './namesLookup';
import type { StoreExtra } from './storeExtra';
import type { RememberedName } from '../src/lib/rpc/nameMemory';

/**
 * How often the latest block is asked for while the page is visible: at most one request per 10 s
 * when idle, and a new block on screen within about that long. Balances ride in the same batch.
 */
export const BLOCK_POLL_MS = 10_000;

export interface AccountOnChain {
  chainId: number;
  address: string;
}

export const balanceTag = (chainId: number, address: string) => ({ type: 'Balance' as const, id: `${chainId}:${address}` });
/** Everything that changes with a new block of a chain carries this tag. */
export const blockTag = (chainId: number) => ({ type: 'Block' as const, id: chainId });

// The transport has already checked the shapes (a malformed answer fails over); 0 is unreachable.
const weiString = (raw: unknown) => (parseQuantity(raw) ?? 0n).toString();

export const chainApi = rpcApi.injectEndpoints({
  endpoints: (build) => ({
    getBlockNumber: build.query<number, number>({
      query: (chainId) => ({ chainId, method: 'eth_blockNumber', expect: 'blockNumber' }),
      transformResponse: (raw: unknown) => parseSafeInteger(raw) ?? 0,
      // The block shown never goes back: an endpoint that lags (a failover, a node behind its own
      // receipts) does not undo a newer block, nor a confirmation's (docs/behaviour.md §10.2).
      merge: (shown, answered) => Math.max(shown, answered),
      // Every block read (first read, poll, page shown again) refreshes the chain's balances in the
      // same tick, so they leave in the same JSON-RPC batch: one request per poll, not two.
      onQueryStarted(chainId, { dispatch }) {
        dispatch(rpcApi.util.invalidateTags([blockTag(chainId)]));
      },
    }),
    /** Balance in wei, as a decimal string (the store keeps no bigint). */
    getBalance: build.query<string, AccountOnChain>({
      query: ({ chainId, address }) => ({ chainId, method: 'eth_getBalance', params: [address, 'latest'], expect: 'uint256' }),
      transformResponse: weiString,
      providesTags: (_result, _error, { chainId, address }) => [balanceTag(chainId, address), blockTag(chainId)],
    }),
    /**
     * The primary name (ENSIP-15 normalised, verified by the Universal Resolver) of an account for the
     * chain it is on (ENSIP-19 coin type), read on the chain that holds names for it, with its avatar
     * image; null for none, unverified, or no names for the chain. The lookup code loads on first use
     * (after the first paint). Answers are remembered for a while per names chain, coin type and
     * address (runtime.names).
     */
    getName: build.query<RememberedName | null, AccountOnChain>({
      queryFn: ({ chainId, address }, api) =>
        withRpc(api.extra, async (runtime) => {
          const lookup = await namesLookup(runtime, (api.extra as StoreExtra).chunks, chainId);
          if (!lookup) return null;
          const { names, at, namesChainId, coinType } = lookup;
          const memory = runtime.nameMemory(names.createNameMemory);
          const known = memory.recall(namesChainId, coinType, address);
          if (known !== undefined) return known;
          try {
            const found = await names.lookupAccount(at, address, coinType);
            memory.remember(namesChainId, coinType, address, found);
            return found;
          } catch (error) {
            // A gateway that was refused or failed costs the name only (it is not remembered).
            if (error instanceof names.NameError) return null;
            throw error;
          }
        }),
      providesTags: (_result, _error, { chainId, address }) => [{ type: 'Name', id: `${chainId}:${address}` }],
      keepUnusedDataFor: 300,
    }),
  }),
});
