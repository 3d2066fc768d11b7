/** "0xf39F…2266": enough to recognise an address, short enough for a button. */
export const shortAddress = (address: string): string => (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

/** The chain explorer's page of an address, where the chain has an explorer. */
export function addressUrl(explorerUrls: readonly string[] | undefined, address: string): string | undefined {
  const base = explorerUrls?.[0];
  if (!base || !/^https?:\/\//.test(base)) return undefined;
  return `${base.replace(/\/+$/, '')}/address/${address}`;
}
