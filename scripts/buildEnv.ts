// Every documented setting of the build and of `npm start`, checked in one place before anything is
// built or started: a wrong value stops the build with a message naming the variable, instead of
// building silently with a fallback (a bad relay URL would otherwise reach users as a 15 s timeout).
// Empty or blank values count as unset. The app's own settings are listed here; each wallet kind
// declares its own in its folder (src/lib/connectors/<kind>/buildSettings.ts, found by
// scripts/kindModules.ts), and those set are baked into the page as one piece of data
// (kindSettingValues: webpack.config.ts's WALLETDECK_KIND_SETTINGS, read by src/config.ts). Used by
// webpack.config.ts and scripts/start.js.
import path from 'node:path';
import { isObject } from '../src/lib/guards';
import { KEY_RULE, urlRule, type SettingRule, type SettingRules } from '../src/lib/settingRules';
import { SIGN_IN_URL_RULE } from '../src/lib/signIn/settings';
import { kindModules } from './kindModules';
import { LANGUAGE_RULES } from './languages';

const root = path.resolve(__dirname, '..');

const isPort = (v: string) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535;
const PORT_RULE: SettingRule = { expected: 'a port number from 1 to 65535', valid: isPort };

/** The app's own settings, in README order (each kind's are in its folder). */
const APP_RULES: SettingRules = {
  PORT: PORT_RULE,
  WALLETDECK_DEV_PHONE_PORT: PORT_RULE,
  WALLETDECK_DEV_COINBASE_PORT: PORT_RULE,
  WALLETDECK_OUT_DIR: {
    expected: 'a folder for the build output, not the project folder or one above it (the build empties it)',
    valid: (v) => {
      const out = path.resolve(root, v);
      return out !== root && !root.startsWith(out + path.sep) && out !== path.parse(out).root;
    },
  },
  WALLETDECK_DEV_CHAIN_URL: urlRule('an http:// or https:// URL', ['http:', 'https:']),
  WALLETDECK_DEV_CHAIN_PORT: PORT_RULE,
  INFURA_KEY: KEY_RULE,
  ALCHEMY_KEY: KEY_RULE,
  WALLETDECK_QR_CLOSE: { expected: 'idle or error', valid: (v) => v === 'idle' || v === 'error' },
  WALLETDECK_FRAME_ANCESTORS: {
    expected: "'none', or 'self' and/or origins such as https://app.safe.global, separated by spaces",
    valid: (v) => v === "'none'" || v.split(/\s+/).every((token) => token === "'self'" || /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/.test(token)),
  },
  // Sign-In with Ethereum (docs/behaviour.md §13.1): off unless set.
  WALLETDECK_SIGN_IN_URL: SIGN_IN_URL_RULE,
  // The interface's languages and the default (docs/behaviour.md §14.2; scripts/languages.ts).
  ...LANGUAGE_RULES,
};

const isRule = (value: unknown): value is SettingRule => isObject(value) && typeof value['expected'] === 'string' && typeof value['valid'] === 'function';

/** Each kind's settings (its buildSettings.ts), checked for shape; a name declared twice stops the build. */
function kindRules(): SettingRules {
  const rules: Record<string, SettingRule> = {};
  for (const { module, path: file } of kindModules('buildSettings')) {
    const declared = module['buildSettings'];
    if (!isObject(declared)) throw new Error(`${file} exports no buildSettings`);
    for (const [name, rule] of Object.entries(declared)) {
      if (!isRule(rule)) throw new Error(`${file}: ${name} is not a setting rule ({ expected, valid })`);
      if (name in APP_RULES || name in rules) throw new Error(`${file}: ${name} is declared twice`);
      rules[name] = rule;
    }
  }
  return rules;
}

const rules = (): SettingRules => ({ ...APP_RULES, ...kindRules() });

/** The documented variables: the app's in README order, then the kinds'. */
export const BUILD_ENV_NAMES: readonly string[] = Object.keys(rules());

const set = (raw: string | undefined): string | undefined => (raw === undefined || raw.trim() === '' ? undefined : raw.trim());

/** One message per invalid variable (empty when all are valid). */
export function checkBuildEnv(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const [name, { expected, valid }] of Object.entries(rules())) {
    const value = set(env[name]);
    if (value !== undefined && !valid(value)) problems.push(`${name}=${JSON.stringify(env[name])} is invalid: expected ${expected}.`);
  }
  return problems;
}

/** The kinds' settings that are set, trimmed, by name: what the build bakes into the page (KindConfig.kindSettings). */
export function kindSettingValues(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(kindRules()).flatMap((name) => {
      const value = set(env[name]);
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

/**
 * What a production build prints (on stderr) about the settings it lacks: it goes on, but what they
 * enable is off (a kind's `unsetInProduction`, today WalletConnect's project id). Undefined in
 * development (`npm start` brings its own) and when nothing is missing.
 */
export function buildWarning(env: Record<string, string | undefined>, { production }: { production: boolean }): string | undefined {
  if (!production) return undefined;
  const lines = Object.entries(rules()).flatMap(([name, rule]) => (rule.unsetInProduction !== undefined && set(env[name]) === undefined ? [rule.unsetInProduction] : []));
  return lines.length > 0 ? lines.join('\n') : undefined;
}

