// Every documented setting of the build and of `npm start`, checked in one place before anything is
// built or started: a wrong value stops the build with a message naming the variable, instead of
// building silently with a fallback (a bad relay URL would otherwise reach users as a 15 s timeout).
// Empty or blank values count as unset. Used by webpack.config.ts and scripts/start.js.
const path = require('node:path');

const root = path.resolve(__dirname, '..');

/** @param {string} value @param {string[]} protocols */
function isUrl(value, protocols) {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

const KEY = /^[A-Za-z0-9_-]+$/;
/** @param {string} v */
const isPort = (v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535;
const PORT_RULE = ['a port number from 1 to 65535', isPort];

/** name -> [what a valid value is, check] */
const RULES = {
  PORT: PORT_RULE,
  WALLETDECK_DEV_PHONE_PORT: PORT_RULE,
  WALLETDECK_DEV_COINBASE_PORT: PORT_RULE,
  WALLETDECK_OUT_DIR: [
    'a folder for the build output, not the project folder or one above it (the build empties it)',
    (v) => {
      const out = path.resolve(root, v);
      return out !== root && !root.startsWith(out + path.sep) && out !== path.parse(out).root;
    },
  ],
  WALLETDECK_DEV_CHAIN_URL: ['an http:// or https:// URL', (v) => isUrl(v, ['http:', 'https:'])],
  WALLETDECK_DEV_CHAIN_PORT: PORT_RULE,
  INFURA_KEY: ['letters, digits, "-" and "_" only', (v) => KEY.test(v)],
  ALCHEMY_KEY: ['letters, digits, "-" and "_" only', (v) => KEY.test(v)],
  WALLETCONNECT_PROJECT_ID: ['letters, digits, "-" and "_" only', (v) => KEY.test(v)],
  WALLETCONNECT_RELAY_URL: ['a ws:// or wss:// URL', (v) => isUrl(v, ['ws:', 'wss:'])],
  COINBASE_KEYS_URL: ['an http:// or https:// URL', (v) => isUrl(v, ['http:', 'https:'])],
  COINBASE_PREFERENCE: ['one of all, eoaOnly, smartWalletOnly', (v) => ['all', 'eoaOnly', 'smartWalletOnly'].includes(v)],
  WALLETDECK_QR_CLOSE: ['idle or error', (v) => v === 'idle' || v === 'error'],
  WALLETDECK_FRAME_ANCESTORS: [
    "'none', or 'self' and/or origins such as https://app.safe.global, separated by spaces",
    (v) => v === "'none'" || v.split(/\s+/).every((token) => token === "'self'" || /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/.test(token)),
  ],
};

/** The documented variables, in README order. */
const BUILD_ENV_NAMES = Object.keys(RULES);

/**
 * One message per invalid variable (empty when all are valid).
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
function checkBuildEnv(env) {
  const problems = [];
  for (const [name, [expected, valid]] of Object.entries(RULES)) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    if (!valid(raw.trim())) problems.push(`${name}=${JSON.stringify(raw)} is invalid: expected ${expected}.`);
  }
  return problems;
}

/**
 * The one line a production build without a WalletConnect project id prints (on stderr): the build
 * goes on, but phone wallets cannot connect to what it makes. Undefined in development (`npm start`
 * brings its own id) and when an id is set.
 * @param {Record<string, string | undefined>} env
 * @param {{ production: boolean }} options
 * @returns {string | undefined}
 */
function walletConnectWarning(env, { production }) {
  if (!production || (env.WALLETCONNECT_PROJECT_ID ?? '').trim() !== '') return undefined;
  return (
    'Walletdeck: WalletConnect is off in this build (WALLETCONNECT_PROJECT_ID is not set), so phone wallets cannot connect. ' +
    "Get a project id from WalletConnect's dashboard (https://cloud.reown.com) and build with WALLETCONNECT_PROJECT_ID=<id> npm run build."
  );
}

module.exports = { checkBuildEnv, walletConnectWarning, BUILD_ENV_NAMES };
