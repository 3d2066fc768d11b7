// What went wrong with a signing request, said for the user in one calm sentence. The exact message
// (the error catalogue's, docs/behaviour.md §8, and the wallet's own words) stays in the store and goes
// under "Details".
import { ERROR_NAMES, type WalletError } from '../../lib/errors';
import { SIGNING_ERROR_NAMES } from '../../../store/signingSlice';

export function plainError(error: WalletError, wallet: string): string {
  switch (error.code) {
    case 4001:
      return `You declined the request in ${wallet}.`;
    case 4100:
      return `${wallet} has not given this site the use of this account. Connect again, then try again.`;
    case 4200:
    case -32601:
    case -32004:
      return `${wallet} cannot do this kind of request.`;
    case 4900:
    case 4901:
      return `${wallet} has lost its connection to the network. Check it, then try again.`;
    case -32005:
      return `${wallet} is getting too many requests. Wait a moment, then try again.`;
  }
  switch (error.name) {
    case ERROR_NAMES.timeout:
      if (error.message.startsWith('Loading')) return 'The signing tools did not load. Check your connection, then try again.';
      if (error.message.startsWith('Reaching')) return `${wallet} could not be reached. Try again.`;
      return `${wallet} did not answer in time. Try again when you are ready.`;
    case SIGNING_ERROR_NAMES.signerMismatch:
      return 'The signature is not from the connected account, so it cannot be trusted.';
    case SIGNING_ERROR_NAMES.invalidAnswer:
      return `${wallet} answered with something that is not valid, so it is not used.`;
    case SIGNING_ERROR_NAMES.invalidInput:
      return 'This request cannot be sent as it is: check what you entered.';
    case SIGNING_ERROR_NAMES.dropped:
      if (error.message.startsWith('The wallet disconnected')) return `${wallet} disconnected before it answered, so its answer is not shown.`;
      if (error.message.startsWith('The chain changed')) return `The network changed in ${wallet} before it answered, so its answer is not shown.`;
      return `The account changed in ${wallet} before it answered, so its answer is not shown for the new one.`;
  }
  return `${wallet} could not complete the request. Try again.`;
}
