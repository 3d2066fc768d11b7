// JSON-RPC quantities ("0x1a") as the plain values the store keeps (bigint is not serializable).

/** A hex quantity as a bigint, or undefined when the endpoint sent something else. */
export function parseQuantity(raw: unknown): bigint | undefined {
  if (typeof raw !== 'string' || !/^0x[0-9a-f]+$/i.test(raw)) return undefined;
  return BigInt(raw);
}
