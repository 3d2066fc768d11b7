// Reading untrusted values (a wallet's answer, an SDK's internals, storage, a parent frame): the few
// guards every reader shares, written once.

/** Any object but null, arrays included (an error, a provider, an SDK's object). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A JSON object: an object that is neither null nor an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return isObject(value) && !Array.isArray(value);
}

/** A property of an untrusted object; undefined when absent, when the owner is no object, or when reading it throws (a getter, a Proxy). */
export function field(owner: unknown, name: string): unknown {
  try {
    return isObject(owner) ? owner[name] : undefined;
  } catch {
    return undefined;
  }
}
