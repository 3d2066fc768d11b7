// An EIP-4361 message, read with viem's SIWE helpers and checked against this backend's settings:
// well-formed (exactly what the standard's fields write, nothing before, between or after them),
// for the request's own origin, on an allowed chain, with the deployer's statement (and the text of
// its EIP-5573 ReCap, when it carries one), and valid now.
import { getAddress } from 'ethers';
import { createSiweMessage, parseSiweMessage, type SiweMessage } from 'viem/siwe';
import { SiweError } from './errors';
import { RECAP_PREAMBLE, RecapError, isRecapUri, parseRecapUri, statementWithRecap, type Recap } from './recap';

/** What a checked message says, for the nonce and signature checks and the session. */
export interface CheckedMessage {
  /** EIP-55 checksummed. */
  address: string;
  chainId: number;
  nonce: string;
  issuedAt: number;
  expirationTime?: number;
}

export interface MessageRules {
  /** The request's Origin, already one of the allowed origins: the message must be for it. */
  origin: string;
  chainIds: ReadonlySet<number>;
  statement?: string;
  maxBytes: number;
  now: number;
}

/** How far in the future a message's Issued At may be (the signer's clock may run ahead). */
export const ISSUED_AT_SKEW_MS = 60_000;

const TIME_LINE = /^(Issued At|Expiration Time|Not Before): (.*)$/gm;

/**
 * The text createSiweMessage would write for the same fields: the date-times are written as
 * toISOString() writes them (an RFC 3339 time with another precision or offset is the same instant).
 */
function withCanonicalTimes(text: string): string {
  return text.replace(TIME_LINE, (line, field: string, value: string) => {
    const time = new Date(value);
    return Number.isNaN(time.getTime()) ? line : `${field}: ${time.toISOString()}`;
  });
}

const malformed = (why: string) => new SiweError('MalformedMessage', `The message is not an EIP-4361 sign-in message: ${why}`);

/**
 * The message's EIP-5573 ReCap: its last resource when that is a `urn:recap:` URI (the standard
 * allows one, and only there). Throws MalformedMessage for one that cannot be read, or one elsewhere.
 */
function recapOf(resources: readonly string[] | undefined): Recap | undefined {
  const list = resources ?? [];
  const misplaced = list.findIndex((resource, index) => isRecapUri(resource) && index !== list.length - 1);
  if (misplaced >= 0) throw malformed(`resource ${misplaced + 1} is a ReCap (urn:recap:), which may only be the last resource`);
  const last = list.at(-1);
  if (last === undefined || !isRecapUri(last)) return undefined;
  try {
    return parseRecapUri(last);
  } catch (error) {
    throw malformed(`its ReCap (the last resource, urn:recap:…) cannot be read: ${error instanceof RecapError ? error.message : String(error)}`);
  }
}

/**
 * The statement rule. With a ReCap (EIP-5573), the statement is the deployer's statement, a space and
 * the ReCap's text (WalletConnect's one-click auth writes it so), or the ReCap's text alone when no
 * statement is set; without one, exactly the deployer's statement (any when none is set), and never
 * a ReCap's words (a message granting what it does not carry).
 */
function checkStatement(statement: string | undefined, recap: Recap | undefined, configured: string | undefined): void {
  if (recap) {
    const expected = statementWithRecap(configured, recap);
    if (statement === expected) return;
    throw new SiweError(
      'WrongStatement',
      configured === undefined
        ? `The message's statement is not the text of its ReCap (its last resource): "${expected}"`
        : `The message's statement is not this app's followed by the text of its ReCap (its last resource): "${expected}"`,
    );
  }
  if (statement?.includes(RECAP_PREAMBLE)) {
    throw new SiweError('WrongStatement', `The message's statement grants actions ("${RECAP_PREAMBLE}…") but the message carries no ReCap (a last resource urn:recap:…)`);
  }
  if (configured !== undefined && statement !== configured) {
    throw new SiweError('WrongStatement', `The message's statement is not this app's: "${configured}"`);
  }
}

/** Reads and checks the message; throws a SiweError naming the first thing wrong. */
export function checkMessage(text: unknown, rules: MessageRules): CheckedMessage {
  if (typeof text !== 'string') throw new SiweError('BadRequest', 'The body must have "message", the EIP-4361 message as a string');
  // Length first, before any pattern runs over it.
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > rules.maxBytes) throw new SiweError('MessageTooLarge', `The message is ${bytes} bytes, at most ${rules.maxBytes} are accepted`);

  const fields = parseSiweMessage(text);
  for (const field of ['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const) {
    if (fields[field] === undefined) throw malformed(`no ${field}`);
  }
  let canonical: string;
  try {
    canonical = createSiweMessage(fields as SiweMessage);
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
    throw malformed(reason);
  }
  if (canonical !== withCanonicalTimes(text)) throw malformed('it has text outside its fields, or a field written another way (the address must be EIP-55 checksummed)');
  const recap = recapOf(fields.resources);

  const origin = new URL(rules.origin);
  const domain = fields.domain as string;
  if (domain.toLowerCase() !== origin.host.toLowerCase() || (fields.scheme !== undefined && `${fields.scheme.toLowerCase()}:` !== origin.protocol)) {
    throw new SiweError('WrongDomain', `The message is for ${fields.scheme ? `${fields.scheme}://` : ''}${domain}, but the request comes from ${rules.origin}`);
  }
  let uriOrigin: string | undefined;
  try {
    uriOrigin = new URL(fields.uri as string).origin;
  } catch {
    uriOrigin = undefined;
  }
  if (uriOrigin !== rules.origin) throw new SiweError('WrongUri', `The message's URI ${fields.uri} is not on ${rules.origin}`);

  const chainId = fields.chainId as number;
  if (!rules.chainIds.has(chainId)) {
    throw new SiweError('ChainNotAllowed', `Chain ${chainId} is not one this app signs in on (${[...rules.chainIds].join(', ')})`);
  }
  checkStatement(fields.statement, recap, rules.statement);

  const issuedAt = (fields.issuedAt as Date).getTime();
  const expirationTime = fields.expirationTime?.getTime();
  const notBefore = fields.notBefore?.getTime();
  if (expirationTime !== undefined && expirationTime <= rules.now) {
    throw new SiweError('MessageExpired', `The message expired at ${new Date(expirationTime).toISOString()}`);
  }
  if (notBefore !== undefined && notBefore > rules.now) {
    throw new SiweError('MessageNotYetValid', `The message is valid only from ${new Date(notBefore).toISOString()}`);
  }
  if (issuedAt > rules.now + ISSUED_AT_SKEW_MS) {
    throw new SiweError('MessageNotYetValid', `The message says it was issued at ${new Date(issuedAt).toISOString()}, in the future`);
  }
  const checked: CheckedMessage = { address: getAddress(fields.address as string), chainId, nonce: fields.nonce as string, issuedAt };
  if (expirationTime !== undefined) checked.expirationTime = expirationTime;
  return checked;
}
