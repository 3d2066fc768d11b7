// Checks WALLETDECK_NAME_GATEWAYS and WALLETDECK_AVATAR_SOURCE (docs/behaviour.md §5.5) at build time
// (webpack.config.ts): the app receives the result as data, never this module.
import { ENS_GATEWAY_ORIGINS, ENS_IMAGE_SOURCE, type NameSettings } from './settings';

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

