// Where a name of a chain is looked up (docs/behaviour.md §5.5), for both directions (an account's
// primary name in chainApi.getName, a recipient's address in namesApi.resolveName): the Universal
// Resolver of the chain that holds names for it, with the gateways the deployment allows. The lookup
// code is its own chunk ("names", from the app's one loader: src/chunks.ts, through the store's
// extra), asked for on first use (never on a first visit), once the reads under way
// have answered and the page has painted them: a connection's first name read starts in the very
// task that shows "Connected", beside the balance and block's request, and loading a script then (its
// element, then its evaluation) came before "Connected", or before the balance's answer was handled
// (docs/behaviour.md §5.5: names never delay them).
import { namesChainOf } from '../src/lib/chains';
import { RPC_ERROR_NAMES, rpcError, type RpcRuntime } from '../src/lib/rpc';

/** The chunks the store's endpoints load (from the app's one loader, src/chunks.ts). */
export interface StoreChunks {
  names: { load(): Promise<typeof import('../src/lib/names')> };
}

export async function namesLookup(runtime: RpcRuntime, chunks: StoreChunks | undefined, chainId: number) {
  const namesChainId = namesChainOf(runtime.chains, chainId);
  const universalResolver = namesChainId === undefined ? undefined : runtime.chains[namesChainId]?.ensUniversalResolver;
  if (namesChainId === undefined || !universalResolver) return undefined;
  if (!namesCodeAsked) {
    await runtime.settled();
    await afterNextPaint();
    namesCodeAsked = true;
  }
  if (!chunks) throw rpcError(RPC_ERROR_NAMES.notConfigured, 'This page was built without its names code');
  const names = await chunks.names.load();
  const at = {
    call: names.ethCallOf(runtime.client(namesChainId)),
    universalResolver,
    namesChainId,
    policy: names.gatewayPolicy(runtime.nameSettings),
    ...(runtime.nameSettings.imageSource ? { imageSource: runtime.nameSettings.imageSource } : {}),
  };
  return { names, at, namesChainId, coinType: names.coinTypeOf(chainId, namesChainId) };
}

let namesCodeAsked = false;

/** Resolves once the page has painted its next frame; at once where no frame comes (no page, or a hidden one). */
function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined' || document.visibilityState !== 'visible') return Promise.resolve();
  // A task posted from the frame's callback runs once that frame is painted.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
