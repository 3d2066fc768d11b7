// Every word sign-in shows (docs/behaviour.md §13.7), in one module until the i18n catalogue takes them.
import { shortAddress } from '../../ui/address';

export const SIGN_IN_WORDS = {
  title: 'Sign-in',
  checking: 'Checking sign-in…',
  signingIn: 'Signing in…',
  signingInDetail: 'Sign the message in your wallet to sign in.',
  signedIn: (address: string) => `Signed in as ${shortAddress(address)}`,
  signInAs: (address: string) => `Sign in as ${shortAddress(address)}`,
  signIn: 'Sign in',
  declined: 'You declined to sign in.',
  unreachable: "The sign-in service can't be reached.",
  failed: 'Sign-in failed.',
  retry: 'Retry',
  tryAgain: 'Try again',
  expired: 'Your sign-in expired.',
  signInAgain: 'Sign in again',
  chainNotAllowed: (chains: string) => `Sign-in works on ${chains}: switch network to sign in.`,
  signOutFailed: (address: string) => `Signing ${shortAddress(address)} out failed: its session may still be open.`,
  details: 'Details',
} as const;
