// The chain, as the signature check needs it: one eth_call over JSON-RPC, through the app's own
// transport (src/lib/rpc/transport.ts), so an endpoint that hangs, answers garbage or answers too
// much fails within `timeoutMs` and a few kilobytes, and the check says "could not be checked".
import { postJsonRpc } from '../../src/lib/rpc/transport';
import type { EthCall } from '../../src/lib/signatureCheck';

/** The validator answers one byte; anything near this size is already wrong. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** An EthCall on the chain at `rpcUrl`; rejects when the endpoint fails or answers an error. */
export function chainCall(rpcUrl: string, timeoutMs: number): EthCall {
  return async (tx) => {
    const [outcome] = await postJsonRpc((url, init) => fetch(url, init), rpcUrl, [{ method: 'eth_call', params: [tx, 'latest'], expect: 'data' }], {
      timeoutMs,
      maxAnswerBytes: MAX_ANSWER_BYTES,
    });
    if (!outcome) throw new Error('the endpoint answered nothing');
    if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), { code: outcome.error.code });
    return outcome.result;
  };
}
