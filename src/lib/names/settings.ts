// The deployment's name settings (docs/behaviour.md §5.5, README "Names"): which gateway origins a
// name lookup may ask (EIP-3668) and where avatar images come from. Read at build time from
// WALLETDECK_NAME_GATEWAYS and WALLETDECK_AVATAR_SOURCE; the page's Content-Security-Policy is derived
// from the same values (scripts/csp.js), so what the code may ask and what the browser allows agree.
// The checks of the two variables are settingsCheck.ts (build time only); the app receives the
// checked settings as data (src/config.ts).

/**
 * Gateways ENS names need today (the default): ENS's own CCIP-read and DNS gateways and the
 * Unruggable gateways its L2 primary-name resolvers use. The Universal Resolver's batch gateway
 * (ENSIP-21 `x-batch-gateway:true`) is answered inside the page, so it needs no origin.
 */
export const ENS_GATEWAY_ORIGINS: readonly string[] = ['https://ccip-v3.ens.xyz', 'https://dnssec-oracle.ens.domains', 'https://lite.unruggable.com'];

/** ENS's metadata service draws any avatar record (https, ipfs, NFT) as an image; {network} is mainnet or sepolia. */
export const ENS_IMAGE_SOURCE = 'https://metadata.ens.domains/{network}/avatar/{name}';

export interface NameSettings {
  /** Origins a lookup may ask (`https://host[:port]`; `http://127.0.0.1:<port>` in development builds only). */
  gatewayOrigins: string[];
  /** Image URL pattern with {name} (and optionally {network}); undefined: only data: avatars, the identicon otherwise. */
  imageSource?: string;
  /** Development builds: http to 127.0.0.1 is allowed for gateways. */
  allowLocalHttp: boolean;
}

/** The settings of a build that sets neither variable. */
export const DEFAULT_NAME_SETTINGS: NameSettings = { gatewayOrigins: [...ENS_GATEWAY_ORIGINS], imageSource: ENS_IMAGE_SOURCE, allowLocalHttp: false };

/** {network} of the image source for the chain that holds the names. */
export function imageNetwork(namesChainId: number): string {
  if (namesChainId === 1) return 'mainnet';
  if (namesChainId === 11155111) return 'sepolia';
  return String(namesChainId);
}
