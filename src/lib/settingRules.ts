// How a build-time setting (an environment variable) is checked: what a valid value is, in the words
// the build's message uses, and the check. The build (scripts/buildEnv.ts) checks its own settings and
// each wallet kind's (src/lib/connectors/<kind>/buildSettings.ts) with these before anything is built
// or started. Build-time code: the page never loads it.

export interface SettingRule {
  /** What a valid value is, e.g. "a ws:// or wss:// URL". */
  readonly expected: string;
  /** Whether a value (trimmed, never empty: an empty value counts as unset) is valid. */
  valid(value: string): boolean;
  /** What a production build without this setting prints, once, on stderr (it still builds). */
  readonly unsetInProduction?: string;
}

/** Settings by name. */
export type SettingRules = Readonly<Record<string, SettingRule>>;

function isUrl(value: string, protocols: readonly string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A URL of one of `protocols` (with a host), said as `expected`. */
export const urlRule = (expected: string, protocols: readonly string[]): SettingRule => ({ expected, valid: (value) => isUrl(value, protocols) });

/** A key or an id that goes into URLs as it is. */
export const KEY_RULE: SettingRule = { expected: 'letters, digits, "-" and "_" only', valid: (value) => /^[A-Za-z0-9_-]+$/.test(value) };

/** One of a few words, said in their order. */
export const oneOfRule = (values: readonly string[]): SettingRule => ({ expected: `one of ${values.join(', ')}`, valid: (value) => values.includes(value) });
