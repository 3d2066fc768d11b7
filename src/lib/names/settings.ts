// The deployment's name settings (docs/behaviour.md §5.5, README "Names"): which gateway origins a
// name lookup may ask (EIP-3668) and where avatar images come from. Read at build time from
// WALLETDECK_NAME_GATEWAYS and WALLETDECK_AVATAR_SOURCE; the page's Content-Security-Policy is derived
// from the same values (scripts/csp.js), so what the code may ask and what the browser allows agree.
// Small and dependency-free: the build and the first visit read it; the lookups themselves load later.

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

const LOCAL_ORIGIN = /^http:\/\/127\.0\.0\.1:\d{1,5}$/;

/** An allowed gateway origin as written in the setting, or undefined. */
export function gatewayOrigin(token: string, development: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(token);
  } catch {
    return undefined;
  }
  if (url.origin !== token.replace(/\/$/, '')) return undefined; // an origin, nothing more
  if (url.protocol === 'https:') return url.origin;
  return development && LOCAL_ORIGIN.test(url.origin) ? url.origin : undefined;
}

/** An image source pattern: an https URL (http to 127.0.0.1 in development builds) with {name}. */
export function isImageSource(pattern: string, development: boolean): boolean {
  if (!pattern.includes('{name}') || /[\s"'<>`]/.test(pattern)) return false;
  try {
    const url = new URL(pattern.replace(/\{name\}|\{network\}/g, 'x'));
    return url.protocol === 'https:' || (development && url.protocol === 'http:' && url.hostname === '127.0.0.1');
  } catch {
    return false;
  }
}

/**
 * The settings from the two variables (unset: ENS's defaults; "none": no gateways / no image source).
 * Returns the problems instead when a value is not valid (the build stops on them).
 */
export function readNameSettings(
  env: { gateways?: string; imageSource?: string },
  development: boolean,
): { settings: NameSettings; problems: string[] } {
  const problems: string[] = [];
  let gatewayOrigins = [...ENS_GATEWAY_ORIGINS];
  const rawGateways = env.gateways?.trim();
  if (rawGateways) {
    gatewayOrigins = [];
    if (rawGateways !== 'none') {
      for (const token of rawGateways.split(/[\s,]+/).filter(Boolean)) {
        const origin = gatewayOrigin(token, development);
        if (origin) gatewayOrigins.push(origin);
        else problems.push(`WALLETDECK_NAME_GATEWAYS: ${JSON.stringify(token)} is not an https:// origin${development ? ' (or http://127.0.0.1:<port>)' : ''}`);
      }
    }
  }
  let imageSource: string | undefined = ENS_IMAGE_SOURCE;
  const rawImage = env.imageSource?.trim();
  if (rawImage) {
    if (rawImage === 'none') imageSource = undefined;
    else if (isImageSource(rawImage, development)) imageSource = rawImage;
    else problems.push(`WALLETDECK_AVATAR_SOURCE: ${JSON.stringify(rawImage)} is not an https:// URL pattern with {name}${development ? ' (or http://127.0.0.1)' : ''}, or none`);
  }
  return { settings: { gatewayOrigins, ...(imageSource ? { imageSource } : {}), allowLocalHttp: development }, problems };
}

/** The origin images come from (for img-src), or undefined. */
export function imageOrigin(settings: NameSettings): string | undefined {
  return settings.imageSource ? new URL(settings.imageSource.replace(/\{name\}|\{network\}/g, 'x')).origin : undefined;
}

/** {network} of the image source for the chain that holds the names. */
export function imageNetwork(namesChainId: number): string {
  if (namesChainId === 1) return 'mainnet';
  if (namesChainId === 11155111) return 'sepolia';
  return String(namesChainId);
}
