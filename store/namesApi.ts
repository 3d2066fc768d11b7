// Forward name lookups: where a name the user typed (a transfer's recipient) points on a chain, on
// the chain's registry. Injected into the one rpcApi by the sign panel (off the first visit).
import { resolveName, type NameResolution } from '../src/lib/rpc/names';
import { checksumAddress } from '../src/lib/validation';
import { rpcApi, withRpc } from './rpcApi';

/** A lookup's answer; 'noNames': the chain has no registry (names are not offered there). */
export type RecipientLookup = NameResolution | { status: 'noNames' };

export const namesApi = rpcApi.injectEndpoints({
  endpoints: (build) => ({
    /** The normalised name and the checksummed address it points to, or why there is none. */
    resolveName: build.query<RecipientLookup, { chainId: number; name: string }>({
      queryFn: ({ chainId, name }, api) =>
        withRpc(api.extra, async (runtime): Promise<RecipientLookup> => {
          const registry = runtime.chains[chainId]?.ensRegistry;
          if (!registry) return { status: 'noNames' };
          const client = runtime.client(chainId);
          const found = await resolveName((to, data) => client.request('eth_call', [{ to, data }, 'latest'], 'data'), registry, name);
          if (found.status !== 'resolved') return found;
          const address = checksumAddress(found.address);
          return address ? { ...found, address } : { status: 'notFound', name: found.name };
        }),
      keepUnusedDataFor: 60,
    }),
  }),
});
