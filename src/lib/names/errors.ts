// Errors of name lookups (docs/behaviour.md §5.5, §8): each costs only the name being looked up,
// never the connection or the balance. Plain WalletErrors, like every error that reaches the store.
import { walletError, type WalletError } from '../errors';

export const NAME_ERROR_NAMES = {
  /** A gateway URL that the deployment's configuration does not allow (or not https). */
  gatewayNotAllowed: 'GatewayNotAllowedError',
  /** A gateway that failed: unreachable, too slow, too large, an HTTP error, not the answer asked for. */
  gateway: 'NameGatewayError',
  /** A lookup that asked for more offchain rounds than allowed, or named another sender. */
  lookup: 'NameLookupError',
} as const;

export const NAME_MESSAGES = {
  gatewayNotAllowed: (url: string) => `The name service asked for a gateway that is not allowed: ${url}`,
  gateway: (origin: string, problem: string) => `The name gateway ${origin} failed: ${problem}`,
  /** The resolver reported that one of its gateway lookups failed (HttpError, or Error(string) of a batch). */
  reportedByResolver: 'The name service reported that a gateway lookup failed',
  tooManyLookups: (max: number) => `The name lookup asked for more than ${max} gateway lookups`,
  wrongSender: (sender: string, to: string) => `The name lookup named ${sender} as sender instead of ${to}`,
  malformedLookup: 'The name service sent an OffchainLookup that could not be read',
} as const;

/** Thrown inside src/lib/names; carries the plain error. */
export class NameError extends Error {
  constructor(readonly error: WalletError) {
    super(error.message);
    this.name = error.name;
  }
}

export const nameError = (name: string, message: string): NameError => new NameError(walletError(name, message));
