// What WalletConnect needs in the shipped Content-Security-Policy, read by the build only
// (scripts/kindCsp.ts): never part of the page's scripts.
import type { KindBuild, KindCsp } from '../kind';

/** The SDK's default relay (@walletconnect/core 2.25), used when WALLETCONNECT_RELAY_URL is unset. */
export const WALLETCONNECT_DEFAULT_RELAY = 'wss://relay.walletconnect.org';
/** Verify: the dapp side loads an attestation frame from one and fetches from it (@walletconnect/core 2.25). */
export const WALLETCONNECT_VERIFY = ['https://verify.walletconnect.org', 'https://verify.walletconnect.com'];

/** With a project id (the kind is offered): its relay (the configured one or the default) and Verify, whose frame it loads. */
export function csp(build: KindBuild): KindCsp {
  if (!build.setting('WALLETCONNECT_PROJECT_ID')) return {};
  return { connect: [build.setting('WALLETCONNECT_RELAY_URL') ?? WALLETCONNECT_DEFAULT_RELAY, ...WALLETCONNECT_VERIFY], frames: WALLETCONNECT_VERIFY };
}
