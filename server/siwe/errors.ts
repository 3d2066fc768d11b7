// Every refusal of the sign-in backend: a name a client can switch on, the HTTP status that goes with
// it, and a sentence for people. The table is the contract of server/siwe/README.md ("Errors").

export const SIWE_ERRORS = {
  // The request itself.
  BadRequest: 400,
  MalformedMessage: 400,
  CrossSiteRequest: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  RequestTimeout: 408,
  BodyTooLarge: 413,
  MessageTooLarge: 413,
  UnsupportedMediaType: 415,
  // The message's fields against this backend's settings.
  WrongDomain: 422,
  WrongUri: 422,
  ChainNotAllowed: 422,
  WrongStatement: 422,
  MessageExpired: 422,
  MessageNotYetValid: 422,
  // The nonce.
  NonceUnknown: 422,
  NonceExpired: 422,
  NonceReplayed: 409,
  // The signature.
  InvalidSignature: 401,
  SignatureUnchecked: 503,
  // The session.
  NotSignedIn: 401,
  // This backend.
  TooManyNonces: 503,
  InternalError: 500,
} as const;

export type SiweErrorName = keyof typeof SIWE_ERRORS;

/** What every refusal answers, as JSON. */
export interface SiweErrorBody {
  name: SiweErrorName;
  message: string;
}

/** Thrown inside the handlers; the server turns it into `{ name, message }` with its status. */
export class SiweError extends Error {
  override readonly name: SiweErrorName;
  readonly status: number;

  constructor(name: SiweErrorName, message: string) {
    super(message);
    this.name = name;
    this.status = SIWE_ERRORS[name];
  }

  body(): SiweErrorBody {
    return { name: this.name, message: this.message };
  }
}
