// Coinbase Wallet's build-time settings: checked by the build before anything is built
// (scripts/buildEnv.ts), baked into the page as data (src/config.ts `kindSettings`) and read by the
// kind's settings() (./index.ts). Build-time code: the page never loads this module.
import { oneOfRule, urlRule, type SettingRules } from '../../settingRules';
import { COINBASE_PREFERENCES } from './shared';

export const buildSettings = {
  COINBASE_KEYS_URL: urlRule('an http:// or https:// URL', ['http:', 'https:']),
  COINBASE_PREFERENCE: oneOfRule(COINBASE_PREFERENCES),
} satisfies SettingRules;
