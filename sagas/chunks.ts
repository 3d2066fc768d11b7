// The chunks the sagas wait for (docs/architecture.md, "How the code loads"), from the app's one
// loader (src/chunks.ts) through saga context. Every saga is registered at start; one whose request
// needs code that is not here yet simply waits for it in its own run: nothing is buffered or dropped.
import type { SagaIterator } from 'redux-saga';
import { call, getContext } from 'redux-saga/effects';

export const CHUNKS_CONTEXT = 'chunks';

export interface SagaChunks {
  /** Signing and sending a transfer (chunk "signing"). */
  signingWorkflow: { load(): Promise<typeof import('./signingWorkflow')> };
  /** "Send to several" (chunk "signing"). */
  batch: { load(): Promise<typeof import('./batch')> };
  /** Sign-In with Ethereum: the backend's client, the message writer, the follower (chunk "signin"). */
  signInWorkflow: { load(): Promise<typeof import('./signInWorkflow')> };
}

/** The code of one later chunk: waits for it; throws why it could not load (the next request asks again). */
export function* loadChunk<K extends keyof SagaChunks>(name: K): SagaIterator<Awaited<ReturnType<SagaChunks[K]['load']>>> {
  const chunks: SagaChunks | undefined = yield getContext(CHUNKS_CONTEXT);
  if (!chunks) throw new Error(`This app was built without its ${name} code`);
  const chunk = chunks[name];
  return yield call([chunk, chunk.load]);
}
