// The deployer's sign-in setting (docs/behaviour.md §13.1): WALLETDECK_SIGN_IN_URL, the base URL of a
// backend that answers server/siwe/README.md's contract. Off when unset. Checked at build time
// (scripts/buildEnv.ts) with this rule; the page receives only the checked value.
import type { SettingRule } from '../settingRules';

/** Hosts where a browser keeps a `Secure` cookie over plain http (the backend's session cookie is Secure). */
const THIS_MACHINE = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The backend's base URL as the client uses it (origin and path, no trailing slash), or undefined when
 * `raw` is not a usable one: https (http only on this machine), a host, no user name or password
 * (they would travel in every request and sit in the page's source), no query or fragment (the
 * client appends `/nonce`, `/verify`…).
 */
export function signInBaseUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && THIS_MACHINE.has(url.hostname));
  if (!secure || url.hostname === '' || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return undefined;
  if (raw.includes('?') || raw.includes('#') || /[\s"'<>`\\]/.test(raw)) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The origin the shipped policy's connect-src gets for the backend (docs/behaviour.md §12.7). */
export function signInOrigin(raw: string): string | undefined {
  const base = signInBaseUrl(raw);
  return base === undefined ? undefined : new URL(base).origin;
}

export const SIGN_IN_URL_RULE: SettingRule = {
  expected: 'the https:// URL of the sign-in backend (http:// only on 127.0.0.1, localhost or [::1]), with no user name, password, query or fragment',
  valid: (value) => signInBaseUrl(value) !== undefined,
};
