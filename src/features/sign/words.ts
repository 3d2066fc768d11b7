// What went wrong with a signing request, said for the user in one calm sentence from the catalogue
// (docs/behaviour.md §14.4). The exact message (the error catalogue's, docs/behaviour.md §8, and the
// wallet's own words) stays in the store and goes under "Details".
import { ERROR_NAMES, type WalletError } from '../../lib/errors';
import type { MessageKey } from '../../i18n/catalogue';
import { SIGNING_ERROR_NAMES } from '../../../store/signingSlice';

export type SignErrorKey = Extract<MessageKey, `signError.${string}`>;

/** The sentence for `error`, by its code, else by its name (and which wait or change it was). */
export function plainErrorKey(error: WalletError): SignErrorKey {
  switch (error.code) {
    case 4001:
      return 'signError.4001';
    case 4100:
      return 'signError.4100';
    case 4200:
    case -32601:
    case -32004:
      return 'signError.4200';
    case 4900:
    case 4901:
      return 'signError.4900';
    case -32005:
      return 'signError.-32005';
  }
  switch (error.name) {
    case ERROR_NAMES.timeout:
      if (error.message.startsWith('Loading')) return 'signError.notLoaded';
      if (error.message.startsWith('Reaching')) return 'signError.notReached';
      return 'signError.timeout';
    case SIGNING_ERROR_NAMES.signerMismatch:
      return 'signError.signerMismatch';
    case SIGNING_ERROR_NAMES.invalidAnswer:
      return 'signError.invalidAnswer';
    case SIGNING_ERROR_NAMES.invalidInput:
      return 'signError.invalidInput';
    case SIGNING_ERROR_NAMES.dropped:
      if (error.message.startsWith('The wallet disconnected')) return 'signError.disconnected';
      if (error.message.startsWith('The chain changed')) return 'signError.chainChanged';
      return 'signError.accountChanged';
  }
  return 'signError.other';
}

