// The errors the Coinbase SDK session gives the sagas, in the user's words.
import { ERROR_NAMES, STANDARD_MESSAGES, WalletdeckError } from '../../errors';
import { COINBASE_ERROR_NAMES } from './shared';

export const userRejected = () => new WalletdeckError('UserRejectedRequestError', STANDARD_MESSAGES[4001]!, 4001);

export const disconnected = () => new WalletdeckError('DisconnectedError', STANDARD_MESSAGES[4900]!, 4900);

export const popupBlocked = () =>
  new WalletdeckError(
    COINBASE_ERROR_NAMES.popupBlocked,
    'The browser blocked the Coinbase Wallet window. Allow pop-ups for this site, then press Try again.',
  );

export const popupTimedOut = (ms: number) =>
  new WalletdeckError(
    ERROR_NAMES.timeout,
    `Coinbase Wallet did not answer: its window did not load within ${Math.max(1, Math.round(ms / 1000))} s. Check your connection, then try again.`,
  );
