// The build's settings are checked in one place (scripts/buildEnv.ts, used by webpack.config.ts and
// `npm start`), the wallet kinds' among them (each declares its own in its folder): a wrong value
// stops the build with the variable named; valid and unset ones pass. What the build bakes in is what
// the app reads (src/config.ts), and each kind reads its own settings from there.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BUILD_ENV_NAMES, checkBuildEnv, kindSettingValues } from '../../scripts/buildEnv';
import { readChainSettings } from '../../scripts/chainSettings';
import type { AppConfig } from '../../src/config';
import { kindDefinition } from '../../src/lib/connectors/registry';
import type { ConnectionId } from '../../src/lib/connectors/types';
import { siteStorage } from '../../src/lib/storage';
import { SETUP_TIMEOUT_MS, STARTUP_MS } from '../support/lifecycle';

const root = path.resolve(__dirname, '../..');

describe('checkBuildEnv', () => {
  it('accepts an empty environment and blank values (unset)', () => {
    expect(checkBuildEnv({})).toEqual([]);
    expect(checkBuildEnv(Object.fromEntries(BUILD_ENV_NAMES.map((name) => [name, ' '])))).toEqual([]);
  });

  it('accepts every documented variable at a valid value', () => {
    expect(
      checkBuildEnv({
        PORT: '3001',
        WALLETDECK_OUT_DIR: '/tmp/walletdeck-out',
        WALLETDECK_DEV_CHAIN_URL: 'http://127.0.0.1:8545',
        WALLETDECK_DEV_CHAIN_PORT: '18545',
        INFURA_KEY: 'abc123',
        ALCHEMY_KEY: 'a-b_c',
        WALLETCONNECT_PROJECT_ID: 'walletdeck-e2e',
        WALLETCONNECT_RELAY_URL: 'wss://relay.example',
        COINBASE_KEYS_URL: 'https://keys.example/connect',
        COINBASE_PREFERENCE: 'smartWalletOnly',
        WALLETDECK_QR_CLOSE: 'idle',
      }),
    ).toEqual([]);
    expect(checkBuildEnv({ COINBASE_PREFERENCE: 'eoaOnly', WALLETDECK_QR_CLOSE: 'error', WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:1' })).toEqual([]);
  });

  it.each([
    ['COINBASE_PREFERENCE', 'eoa', /one of all, eoaOnly, smartWalletOnly/],
    ['COINBASE_PREFERENCE', 'ALL', /one of all/],
    ['WALLETDECK_QR_CLOSE', 'close', /idle or error/],
    ['WALLETCONNECT_RELAY_URL', 'https://relay.example', /ws:\/\/ or wss:\/\//],
    ['WALLETCONNECT_RELAY_URL', 'relay.example', /ws:\/\/ or wss:\/\//],
    ['WALLETDECK_DEV_CHAIN_URL', 'ws://127.0.0.1:8545', /http:\/\/ or https:\/\//],
    ['WALLETDECK_DEV_CHAIN_URL', '127.0.0.1:8545', /http:\/\/ or https:\/\//],
    ['COINBASE_KEYS_URL', 'javascript:alert(1)', /http:\/\/ or https:\/\//],
    ['PORT', 'abc', /port number/],
    ['PORT', '0', /port number/],
    ['PORT', '65536', /port number/],
    ['PORT', '30.5', /port number/],
    ['WALLETDECK_DEV_CHAIN_PORT', '70000', /port number/],
    ['INFURA_KEY', 'key/with/slashes', /letters, digits/],
    ['WALLETCONNECT_PROJECT_ID', 'id?x=1', /letters, digits/],
    ['WALLETDECK_OUT_DIR', '.', /not the project folder/],
    ['WALLETDECK_OUT_DIR', '..', /not the project folder/],
    ['WALLETDECK_OUT_DIR', '/', /not the project folder/],
    ['WALLETDECK_FRAME_ANCESTORS', "https://app.safe.global; script-src *", /'none', or 'self' and\/or origins/],
    ['WALLETDECK_FRAME_ANCESTORS', "'none' 'self'", /'none', or 'self'/],
  ])('%s=%s is refused, named, with what is expected', (name, value, expected) => {
    const problems = checkBuildEnv({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`${name}=${JSON.stringify(value)} is invalid`);
    expect(problems[0]).toMatch(expected);
  });

  it('reports every invalid variable at once', () => {
    expect(checkBuildEnv({ PORT: 'x', COINBASE_PREFERENCE: 'x', WALLETDECK_QR_CLOSE: 'x' })).toHaveLength(3);
  });
});

describe('the build', () => {
  it('stops at once with the message and exit code 1 on an invalid value', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: root,
      env: { ...process.env, WALLETDECK_QR_CLOSE: 'sometimes', WALLETDECK_OUT_DIR: '/tmp/walletdeck-never-built' },
      encoding: 'utf8',
      timeout: STARTUP_MS, // a hang guard: it must stop at once, however slow the machine
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('WALLETDECK_QR_CLOSE="sometimes" is invalid: expected idle or error.');
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  }, SETUP_TIMEOUT_MS);
});

describe('a production build without a WalletConnect project id', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.restoreAllMocks();
  });

  /** What webpack.config.ts prints on stdout and stderr while webpack-cli asks it for the configuration. */
  async function buildConfigOutput(mode: 'production' | 'development', env: Record<string, string>): Promise<{ stderr: string; stdout: string }> {
    process.env = { ...saved, WALLETDECK_OUT_DIR: '/tmp/walletdeck-never-built', ...env };
    delete process.env.WALLETCONNECT_PROJECT_ID;
    Object.assign(process.env, env);
    let stderr = '';
    let stdout = '';
    const capture = (into: 'stderr' | 'stdout') => (...args: unknown[]) => {
      const text = `${args.map(String).join(' ')}\n`;
      if (into === 'stderr') stderr += text;
      else stdout += text;
    };
    for (const level of ['warn', 'error'] as const) jest.spyOn(console, level).mockImplementation(capture('stderr'));
    for (const level of ['log', 'info'] as const) jest.spyOn(console, level).mockImplementation(capture('stdout'));
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
    const { default: config } = await import('../../webpack.config');
    await config(undefined, { mode });
    return { stderr, stdout };
  }

  const WARNING =
    "Walletdeck: WalletConnect is off in this build (WALLETCONNECT_PROJECT_ID is not set), so phone wallets cannot connect. Get a project id from WalletConnect's dashboard (https://cloud.reown.com) and build with WALLETCONNECT_PROJECT_ID=<id> npm run build.";

  it('prints one warning line on stderr saying so, where to get an id and how to set it', async () => {
    const { stderr, stdout } = await buildConfigOutput('production', {});
    expect(stderr).toBe(`${WARNING}\n`);
    expect(stdout).toBe('');
  }, SETUP_TIMEOUT_MS);

  it('a blank id counts as unset: the same line', async () => {
    expect((await buildConfigOutput('production', { WALLETCONNECT_PROJECT_ID: ' ' })).stderr).toBe(`${WARNING}\n`);
  }, SETUP_TIMEOUT_MS);

  it('with an id, or in development (npm start brings its own), nothing is printed', async () => {
    expect(await buildConfigOutput('production', { WALLETCONNECT_PROJECT_ID: 'walletdeck-e2e' })).toEqual({ stderr: '', stdout: '' });
    expect(await buildConfigOutput('development', {})).toEqual({ stderr: '', stdout: '' });
  }, SETUP_TIMEOUT_MS);
});

describe('loadConfig (what the app reads from the values the build baked in)', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    // What webpack's DefinePlugin bakes in: the chain table the build checked (here the example file's).
    const { built } = readChainSettings({ WALLETDECK_CHAINS: 'chains.example.json' }, { development: false });
    process.env.WALLETDECK_CHAIN_DATA = JSON.stringify(built);
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('reads the chain table and the allowed chains the build checked', async () => {
    const { loadConfig } = await import('../../src/config');
    const config = loadConfig();
    expect(config.chains[8453]).toMatchObject({ name: 'Base', shownBeforeConnect: true });
    expect(config.allowedChainIds.coinbase).toEqual([8453, 84532]);
    expect(config.allowedChainIds.injected).toEqual([8453, 84532, 1, 11155111, 100]);
  });

  it('without a chain table built in: a configuration error, not an app with no chains', async () => {
    const { loadConfig } = await import('../../src/config');
    delete process.env.WALLETDECK_CHAIN_DATA;
    expect(() => loadConfig()).toThrow(expect.objectContaining({ name: 'ConfigurationError' }));
  });

  /** What webpack.config.ts bakes in from `env`: each setting it reads as itself, the kinds' as one piece of data. */
  function bake(env: Record<string, string>): void {
    Object.assign(process.env, env, { WALLETDECK_KIND_SETTINGS: JSON.stringify(kindSettingValues(env)) });
  }

  /** The settings a kind reads from the app's configuration, on a plain page. */
  function kindSettings(id: ConnectionId, config: AppConfig) {
    const env = { config, chains: config.chains, host: {} as Window, storage: siteStorage(undefined), page: new URL('https://walletdeck.example/') };
    return kindDefinition(id).settings(env);
  }

  it('reads the Coinbase preference, the QR close option and the WalletConnect settings', async () => {
    const { loadConfig } = await import('../../src/config');
    bake({
      COINBASE_PREFERENCE: 'smartWalletOnly',
      WALLETDECK_QR_CLOSE: 'idle',
      WALLETCONNECT_PROJECT_ID: ' abc ',
      WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:9',
    });
    const config = loadConfig();
    expect(config.qrCloseIsError).toBe(false);
    expect(config.kindSettings).toEqual({ COINBASE_PREFERENCE: 'smartWalletOnly', WALLETCONNECT_PROJECT_ID: 'abc', WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:9' });
    expect(kindSettings('coinbase', config)).toEqual({ settings: expect.objectContaining({ preference: 'smartWalletOnly' }) });
    expect(kindSettings('walletconnect', config)).toEqual({ settings: expect.objectContaining({ projectId: 'abc', relayUrl: 'ws://127.0.0.1:9' }) });
  });

  it('blank values are unset: WalletConnect off, closing the QR dialog an error, all Coinbase accounts', async () => {
    const { loadConfig } = await import('../../src/config');
    bake({ COINBASE_PREFERENCE: '', WALLETDECK_QR_CLOSE: ' ', WALLETCONNECT_PROJECT_ID: '', WALLETCONNECT_RELAY_URL: '' });
    const config = loadConfig();
    expect(config.qrCloseIsError).toBe(true);
    expect(config.kindSettings).toEqual({});
    expect(kindSettings('coinbase', config)).toEqual({ settings: expect.objectContaining({ preference: 'all' }) });
    expect(kindSettings('walletconnect', config)).toEqual({ unavailable: expect.stringContaining('not available on this site'), hint: expect.stringContaining('WALLETCONNECT_PROJECT_ID') });
  });

  it('the build bakes in only the kinds\' settings that are set, trimmed; nothing else of the environment', () => {
    expect(kindSettingValues({ WALLETCONNECT_PROJECT_ID: ' abc ', COINBASE_KEYS_URL: ' ', HOME: '/root', INFURA_KEY: 'k' })).toEqual({ WALLETCONNECT_PROJECT_ID: 'abc' });
  });
});
