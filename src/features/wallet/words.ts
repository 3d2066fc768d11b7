// What a user reads about a wallet's errors: plain words in the wallet's own name. The catalogue's
// exact messages (docs/behaviour.md §8) stay in the store and are shown under "Details" (ErrorMessage.tsx).
import type { ChainTable } from '../../lib/chains';
import { ERROR_NAMES, type WalletError } from '../../lib/errors';

/** One calm sentence for an error of `wallet` (its shown name); `timeoutWords`: its kind's own words for a timeout (its face). */
export function errorInWords(error: WalletError, wallet: string, timeoutWords?: string): string {
  switch (error.name) {
    case ERROR_NAMES.noMetaMask:
      return 'No browser wallet found in this browser.';
    case ERROR_NAMES.userClosedModal:
      return 'You closed the QR code before a wallet connected.';
    case ERROR_NAMES.timeout:
      return timeoutWords ?? `${wallet} did not answer in time.`;
    case ERROR_NAMES.linkDead:
      return `The link to ${wallet} is broken. Reload the page to connect again.`;
    case ERROR_NAMES.chainIdNotAllowed:
      return "Your wallet is on a network this app doesn't support.";
    case ERROR_NAMES.noUrls:
      return 'This app cannot use that network.';
    case ERROR_NAMES.configuration:
      return `${wallet} is not set up on this site.`;
    case ERROR_NAMES.invalidUpdate:
      return `${wallet} answered with something this app cannot use.`;
    case 'WalletWindowError':
      return `${wallet} did not open. Check your connection, then try again.`;
    case 'PopupBlockedError':
      return `Your browser blocked the ${wallet} window. Allow pop-ups for this site, then try again.`;
    case 'SdkLoadError':
      return `${wallet} could not be loaded. Check your connection and try again.`;
    case 'QrCodeError':
      return 'The QR code could not be drawn.';
  }
  switch (error.code) {
    case 1011:
      return `The link to ${wallet} is broken. Reload the page to connect again.`;
    case 4001:
      return `You declined in ${wallet}.`;
    case 4100:
      return `${wallet} has not allowed this site to do that yet.`;
    case 4200:
    case -32601:
    case -32004:
      return `${wallet} does not support this.`;
    case 4900:
    case 4901:
      return `${wallet} is not connected to a network right now.`;
    case 4902:
      return `${wallet} does not know this network.`;
    case -32002:
      return `${wallet} already has a request open. Open ${wallet} to finish it, then try again.`;
    case -32005:
      return 'Too many requests at once. Wait a moment and try again.';
  }
  return `Something went wrong with ${wallet}.`;
}

/** Where a wallet on a network the app does not support is, in words (a retired test network is said so). */
export function unsupportedInWords(chains: ChainTable, chainId: number | undefined): string {
  const chain = chainId === undefined ? undefined : chains[chainId];
  if (chain?.retired) return `Your wallet is on ${chain.name}, a test network that was shut down.`;
  return "Your wallet is on a network this app doesn't support.";
}
