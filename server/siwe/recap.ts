// EIP-5573 ReCaps, as far as a sign-in needs them: a message's last resource may be a ReCap URI
// (`urn:recap:` and an unpadded base64url JSON object, the capabilities it delegates), and then its
// statement must end with the ReCap's text, derived from that object by the standard's translation
// algorithm. WalletConnect's one-click auth (`wc_sessionAuthenticate`) always adds one. This module
// reads the URI and writes the text; the rule of which statement a message must carry is in
// message.ts. Our own reading of the standard: no WalletConnect code.
import { isRecord } from '../../src/lib/guards';

export const RECAP_PREFIX = 'urn:recap:';

/** The sentence every ReCap text starts with (EIP-5573, "ReCap Translation Algorithm"). */
export const RECAP_PREAMBLE = 'I further authorize the stated URI to perform the following actions on my behalf:';

/** What a ReCap URI delegates: for each resource, its abilities (`namespace/name`) and their limits. */
export interface Recap {
  att: Record<string, Record<string, object[]>>;
  prf?: string[];
}

/** Why a ReCap URI cannot be read; the message names the part that is wrong. */
export class RecapError extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'RecapError';
  }
}

/**
 * An ability string, `namespace/name`, each part from the standard's alphabet. Stricter than the
 * standard's own pattern, whose second class (`A-z`) also admits `[`, `\`, `]`, `^` and a backquote:
 * names are quoted with `'` in the text, so nothing that could blur the quoting gets through.
 */
const ABILITY = /^([a-zA-Z0-9.*_+-]+)\/([a-zA-Z0-9.*_+-]+)$/;
// A resource is written into the statement, which is one line of printable text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export const isRecapUri = (resource: string): boolean => resource.startsWith(RECAP_PREFIX);

/**
 * The bytes of an unpadded base64url payload. The standard alphabet's `+` and `/` are read too:
 * WalletConnect 2.x writes its ReCaps with btoa() and only strips the padding (its typical
 * payloads happen to contain neither character). Anything else, padding, or a payload that is not
 * the one canonical encoding of its bytes (a dangling character, non-zero spare bits) is refused,
 * so one ReCap has one spelling.
 */
function decodeBase64Url(payload: string): Buffer {
  if (payload === '') throw new RecapError('nothing follows urn:recap:');
  if (!/^[A-Za-z0-9_+/-]+$/.test(payload)) throw new RecapError('its payload is not base64url (only A-Z, a-z, 0-9, - and _, without = padding)');
  const normalised = payload.replace(/\+/g, '-').replace(/\//g, '_');
  const bytes = Buffer.from(normalised, 'base64url');
  if (bytes.toString('base64url') !== normalised) throw new RecapError('its payload is not a whole base64url encoding (a character too many or too few at its end)');
  return bytes;
}

/** Reads a ReCap URI; throws a RecapError saying what is wrong with it. */
export function parseRecapUri(resource: string): Recap {
  if (!isRecapUri(resource)) throw new RecapError(`it does not start with ${RECAP_PREFIX}`);
  const bytes = decodeBase64Url(resource.slice(RECAP_PREFIX.length));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new RecapError('its payload is not UTF-8 text');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RecapError('its payload is not JSON');
  }
  return checkShape(value);
}

/** The ReCap Details Object's schema (EIP-5573), with the leniencies noted. */
function checkShape(value: unknown): Recap {
  if (!isRecord(value)) throw new RecapError('its payload is not a JSON object');
  const att = value['att'];
  if (!isRecord(att)) throw new RecapError('it has no "att" object');
  const resources = Object.keys(att);
  if (resources.length === 0) throw new RecapError('its "att" names no resource');
  // Resources are not required to be URIs (the schema's `^.+:.*$`): WalletConnect names its one
  // resource "eip155". They must only be fit for the one-line statement.
  for (const resource of resources) {
    if (resource === '' || CONTROL.test(resource)) throw new RecapError(`its resource ${JSON.stringify(resource)} is empty or has a control character`);
    const abilities = att[resource];
    if (!isRecord(abilities)) throw new RecapError(`its resource "${resource}" is not an object of abilities`);
    const names = Object.keys(abilities);
    if (names.length === 0) throw new RecapError(`its resource "${resource}" has no ability`);
    for (const ability of names) {
      if (!ABILITY.test(ability)) throw new RecapError(`"${ability}" (in "${resource}") is not an ability string (namespace/name)`);
      const limits = abilities[ability];
      // An empty list is allowed (the standard's own examples use it: an ability that cannot be used).
      if (!Array.isArray(limits) || !limits.every(isRecord)) throw new RecapError(`the limits of "${ability}" (in "${resource}") are not a list of objects`);
    }
  }
  const prf = value['prf'];
  // The schema asks for at least one proof, but the standard's examples carry `"prf": []`.
  if (prf !== undefined && (!Array.isArray(prf) || !prf.every((p) => typeof p === 'string'))) throw new RecapError('its "prf" is not a list of strings');
  return value as unknown as Recap;
}

/**
 * The ReCap's text: the preamble, then for each resource (in the object's order) and each ability
 * namespace in it (in the order of its first ability), ` (n) 'namespace': 'name', 'name' for
 * 'resource'.`, numbered from 1 across the whole text. Names keep the object's order: the standard
 * has the writer sort them, and the text says what the object says, in the same order.
 */
export function recapText(recap: Recap): string {
  const entries: string[] = [];
  for (const [resource, abilities] of Object.entries(recap.att)) {
    const byNamespace = new Map<string, string[]>();
    for (const ability of Object.keys(abilities)) {
      const [, namespace = '', name = ''] = ABILITY.exec(ability) ?? [];
      byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), name]);
    }
    for (const [namespace, names] of byNamespace) {
      entries.push(`(${entries.length + 1}) '${namespace}': ${names.map((n) => `'${n}'`).join(', ')} for '${resource}'.`);
    }
  }
  return `${RECAP_PREAMBLE} ${entries.join(' ')}`;
}

/** The statement a message with this ReCap carries: the app's statement (if any), a space, the ReCap's text. */
export function statementWithRecap(statement: string | undefined, recap: Recap): string {
  return statement ? `${statement} ${recapText(recap)}` : recapText(recap);
}
