// "Network status": which endpoint of a chain is in use and what went wrong with the others, live.
// Injected into the one rpcApi by the network panel (src/features/chain/NetworkPanel.tsx, chunk
// "network"), the only screen that shows it: the first visit does not carry it.
import type { NetworkStatus } from '../src/lib/rpc';
import { getRpcRuntime, rpcApi, withRpc } from './rpcApi';

export const networkStatusApi = rpcApi.injectEndpoints({
  endpoints: (build) => ({
    /** Which endpoint of a chain is in use, and what went wrong with the others; updates live. */
    getNetworkStatus: build.query<NetworkStatus, number>({
      queryFn: (chainId, api) =>
        withRpc(api.extra, async (runtime) => {
          const client = runtime.client(chainId);
          // Starts the probes; the status streams in through onCacheEntryAdded.
          void client.pool.ready().catch(() => undefined);
          return client.status();
        }),
      async onCacheEntryAdded(chainId, { extra, updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        let unsubscribe = () => {};
        try {
          await cacheDataLoaded;
          const client = getRpcRuntime(extra).client(chainId);
          unsubscribe = client.pool.subscribe(() => updateCachedData(() => client.status()));
          updateCachedData(() => client.status());
        } catch {
          // removed before it loaded, or the chain is unknown: nothing to follow
        }
        await cacheEntryRemoved;
        unsubscribe();
      },
      providesTags: (_result, _error, chainId) => [{ type: 'Endpoint', id: chainId }],
    }),
  }),
});
