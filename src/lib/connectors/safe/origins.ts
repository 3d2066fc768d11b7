// Which parent origins the Safe kind reads Safe{Wallet}'s answers from (docs/behaviour.md §1.7), from
// the deployment's frame-ancestors. Part of the Safe's chunk (./session.ts).

/**
 * The parent origins Safe{Wallet}'s answers are read from, from the deployment's `frame-ancestors`
 * (WALLETDECK_FRAME_ANCESTORS: `'self'`, origins, `https://*.example.org`): undefined when unset (any
 * parent may frame the app, so any may answer); none for `'none'`.
 */
export function parentOrigins(frameAncestors: string | undefined, self: string): RegExp[] | undefined {
  if (frameAncestors === undefined || frameAncestors.trim() === '') return undefined;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return frameAncestors
    .trim()
    .split(/\s+/)
    .filter((token) => token !== "'none'")
    .map((token) => (token === "'self'" ? self : token))
    .map((origin) => new RegExp(`^${origin.split('*.').map(escape).join('[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.')}$`));
}
