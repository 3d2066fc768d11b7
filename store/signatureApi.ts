// Whether a signature is the account's, asked of the request's chain through the read layer's
// endpoints (docs/behaviour.md §7.8), never the wallet. Injected into the one rpcApi by the signing
// workflow, with which it loads (chunk "signing"), the check itself with the validator's bytecode.
import { checkSignature, type SignatureVerdict } from '../src/lib/signatureCheck';
import { rpcApi, withRpc } from './rpcApi';

export interface SignatureCheckArgs {
  chainId: number;
  account: string;
  /** The EIP-191 message hash, or the EIP-712 digest. */
  hash: string;
  /** A candidate already (hex, even length, bounded in size). */
  signature: string;
}

export const signatureApi = rpcApi.injectEndpoints({
  endpoints: (build) => ({
    /** Never an `{ error }` for the chain's sake: an endpoint that does not answer is the verdict "unchecked". */
    checkSignature: build.query<SignatureVerdict, SignatureCheckArgs>({
      queryFn: ({ chainId, account, hash, signature }, api) =>
        withRpc(api.extra, async (runtime) => {
          return checkSignature({ account, hash, signature, call: (tx) => runtime.client(chainId).request('eth_call', [tx, 'latest'], 'data') });
        }),
      keepUnusedDataFor: 0,
    }),
  }),
});
