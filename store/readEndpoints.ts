// The read layer's endpoints as the first screen's code names them, without carrying them: the
// connected view, the account menu and the latest block (none of which may wait for, or fail with,
// the read layer's chunk) pick their read from the read layer's APIs once they are here, and
// src/ui/useRead.ts resolves it. The read layer (store/readLayer.ts) hands its APIs over when it is
// attached to a store; whether a store has it is that store's state (store/readLayerSlice.ts).
import type { ReadApis } from './readLayer';

export type { ReadApis };

let arrived: ReadApis | undefined;

/** The read layer's APIs, once its code is here (the same for every store: it is code, not state). */
export const readApis = (): ReadApis | undefined => arrived;

export function readApisArrived(apis: ReadApis): void {
  arrived = apis;
}

/** The latest block of a chain (polled while shown: src/features/chain/useLatestBlock.ts). */
export const latestBlockRead = ({ chainApi }: ReadApis) => chainApi.endpoints.getBlockNumber;
/** An account's balance on a chain, in wei as a decimal string. */
export const balanceRead = ({ chainApi }: ReadApis) => chainApi.endpoints.getBalance;
/** An account's primary name on a chain, with its avatar; null for none. */
export const nameRead = ({ chainApi }: ReadApis) => chainApi.endpoints.getName;

/**
 * How often the latest block is asked for while the page is visible: at most one request per 10 s
 * when idle, and a new block on screen within about that long. Balances ride in the same batch.
 */
export const BLOCK_POLL_MS = 10_000;
