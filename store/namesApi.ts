// Forward name lookups: where a name the user typed (a transfer's recipient) points for the chain the
// transfer is on (its ENSIP-19 coin type), through the Universal Resolver of the chain that holds
// its names, with ENSIP-10 wildcard and EIP-3668 offchain lookups (docs/behaviour.md §5.5). Injected
// into the one rpcApi by the sign panel (off the first visit); the lookup code is its own chunk.
import type { RecipientName } from '../src/lib/names';
import { namesLookup } from './namesLookup';
import type { StoreExtra } from './storeExtra';
import { rpcApi, withRpc } from './rpcApi';

/** A lookup's answer; 'noNames': no names for this chain (no Universal Resolver to ask). */
export type RecipientLookup = RecipientName | { status: 'noNames' };

export const namesApi = rpcApi.injectEndpoints({
  endpoints: (build) => ({
    /** The normalised name, the checksummed address it has for the chain's coin type and its avatar, or why there is none. */
    resolveName: build.query<RecipientLookup, { chainId: number; name: string }>({
      queryFn: ({ chainId, name }, api) =>
        withRpc(api.extra, async (runtime): Promise<RecipientLookup> => {
          const lookup = await namesLookup(runtime, (api.extra as StoreExtra).chunks, chainId);
          if (!lookup) return { status: 'noNames' };
          // A refused or failed gateway is this lookup's error (NameError, a plain error in the store).
          return lookup.names.lookupRecipient(lookup.at, name, lookup.coinType);
        }),
      keepUnusedDataFor: 60,
    }),
  }),
});
