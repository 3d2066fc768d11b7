// WalletConnect's build-time settings: checked by the build before anything is built
// (scripts/buildEnv.ts), baked into the page as data (src/config.ts `kindSettings`) and read by the
// kind's settings() (./index.ts). Build-time code: the page never loads this module.
import { KEY_RULE, urlRule, type SettingRules } from '../../settingRules';

export const buildSettings = {
  WALLETCONNECT_PROJECT_ID: {
    ...KEY_RULE,
    unsetInProduction:
      'Walletdeck: WalletConnect is off in this build (WALLETCONNECT_PROJECT_ID is not set), so phone wallets cannot connect. ' +
      "Get a project id from WalletConnect's dashboard (https://cloud.reown.com) and build with WALLETCONNECT_PROJECT_ID=<id> npm run build.",
  },
  WALLETCONNECT_RELAY_URL: urlRule('a ws:// or wss:// URL', ['ws:', 'wss:']),
} satisfies SettingRules;
