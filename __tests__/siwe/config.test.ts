// The sign-in backend's settings (server/siwe/config.ts): environment over the JSON file over the
// caller's defaults over the built-in ones; every mistake listed, one line each, naming the setting.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULTS, readSiweConfig, type ConfigResult } from '../../server/siwe/config';
import { tempFolder } from './backend';

const REQUIRED = { SIWE_ALLOWED_ORIGINS: 'https://app.example', SIWE_CHAINS: '{"1":"https://rpc.example"}' };

const problems = (result: ConfigResult) => (result.ok ? [] : result.problems);

let folder: ReturnType<typeof tempFolder>;
beforeAll(() => {
  folder = tempFolder();
});
afterAll(() => folder.remove());

describe('readSiweConfig', () => {
  it('needs only the origins and the chains; the rest has defaults', () => {
    const result = readSiweConfig(REQUIRED);
    expect(result).toEqual({
      ok: true,
      config: { ...DEFAULTS, allowedOrigins: ['https://app.example'], chains: { 1: 'https://rpc.example' } },
    });
    // An empty variable counts as unset.
    expect(readSiweConfig({ ...REQUIRED, SIWE_PORT: ' ', SIWE_STATEMENT: '' })).toEqual(result);
    expect(problems(readSiweConfig({}))).toEqual([
      'SIWE_ALLOWED_ORIGINS: required, the app\'s origin(s), comma-separated (e.g. https://app.example)',
      'SIWE_CHAINS: required, the chains a sign-in may name, expected JSON such as {"1":"https://rpc.example"} (chain id to JSON-RPC URL)',
    ]);
  });

  it('reads every variable', () => {
    const result = readSiweConfig({
      ...REQUIRED,
      SIWE_ALLOWED_ORIGINS: ' https://app.example , http://localhost:3000,http://127.0.0.1:3000 ',
      SIWE_CHAINS: '{"1":"https://rpc.example","31337":"http://127.0.0.1:8545"}',
      SIWE_PORT: '4000',
      SIWE_HOST: '0.0.0.0',
      SIWE_STATEMENT: 'Sign in to Walletdeck',
      SIWE_SESSION_SECONDS: '3600',
      SIWE_NONCE_SECONDS: '120',
      SIWE_STORE_PATH: 'data/siwe.sqlite',
      SIWE_MAX_MESSAGE_BYTES: '2048',
      SIWE_MAX_BODY_BYTES: '8192',
      SIWE_REQUEST_TIMEOUT_MS: '2000',
      SIWE_RPC_TIMEOUT_MS: '1500',
      SIWE_MAX_LIVE_NONCES: '50',
    });
    expect(result).toEqual({
      ok: true,
      config: {
        port: 4000,
        host: '0.0.0.0',
        allowedOrigins: ['https://app.example', 'http://localhost:3000', 'http://127.0.0.1:3000'],
        chains: { 1: 'https://rpc.example', 31337: 'http://127.0.0.1:8545' },
        statement: 'Sign in to Walletdeck',
        sessionSeconds: 3600,
        nonceSeconds: 120,
        storePath: path.resolve('data/siwe.sqlite'),
        maxMessageBytes: 2048,
        maxBodyBytes: 8192,
        requestTimeoutMs: 2000,
        rpcTimeoutMs: 1500,
        maxLiveNonces: 50,
      },
    });
  });

  it('takes a JSON file (SIWE_CONFIG), under the variables and over the caller\'s defaults', () => {
    const file = path.join(folder.path, 'siwe.json');
    writeFileSync(file, JSON.stringify({ allowedOrigins: ['https://file.example'], chains: { 10: 'https://op.example' }, port: 5000, statement: 'From the file' }));
    const result = readSiweConfig({ SIWE_CONFIG: file, SIWE_PORT: '5001' }, { port: 1, sessionSeconds: 600, statement: 'From the caller' });
    expect(result).toMatchObject({
      ok: true,
      config: { allowedOrigins: ['https://file.example'], chains: { 10: 'https://op.example' }, port: 5001, sessionSeconds: 600, statement: 'From the file' },
    });
  });

  it('names every problem, each with its setting', () => {
    const file = path.join(folder.path, 'bad.json');
    writeFileSync(file, JSON.stringify({ allowedOrigin: 'typo', nonceSeconds: 'soon' }));
    expect(
      problems(
        readSiweConfig({
          SIWE_CONFIG: file,
          SIWE_ALLOWED_ORIGINS: 'https://app.example/login,http://app.example,ftp://x.example,nonsense',
          SIWE_CHAINS: '{"0x1":"https://rpc.example","5":"ws://rpc.example","7":7}',
          SIWE_PORT: '-1',
          SIWE_SESSION_SECONDS: '1.5',
          SIWE_STATEMENT: 'two\nlines',
          SIWE_MAX_MESSAGE_BYTES: '8192',
          SIWE_MAX_BODY_BYTES: '4096',
        }),
      ),
    ).toEqual([
      'SIWE_CONFIG: unknown setting "allowedOrigin" (known: port, host, allowedOrigins, chains, statement, sessionSeconds, nonceSeconds, storePath, maxMessageBytes, maxBodyBytes, requestTimeoutMs, rpcTimeoutMs, maxLiveNonces)',
      'SIWE_PORT: expected a whole number from 0 to 65535, got "-1"',
      'SIWE_ALLOWED_ORIGINS: "https://app.example/login" is not an origin (scheme://host[:port], nothing after it, e.g. https://app.example)',
      'SIWE_ALLOWED_ORIGINS: "http://app.example" is plain http on a host other than this machine: the session cookie is Secure, so the app must be served over https',
      'SIWE_ALLOWED_ORIGINS: "ftp://x.example" is not an origin (scheme://host[:port], nothing after it, e.g. https://app.example)',
      'SIWE_ALLOWED_ORIGINS: "nonsense" is not an origin (scheme://host[:port], nothing after it, e.g. https://app.example)',
      // (A JSON object's whole-number keys come first.)
      'SIWE_CHAINS: chain 5\'s RPC URL must be an http:// or https:// URL, got "ws://rpc.example"',
      'SIWE_CHAINS: chain 7\'s RPC URL must be an http:// or https:// URL, got 7',
      'SIWE_CHAINS: "0x1" is not a chain id (a positive whole number)',
      'SIWE_SESSION_SECONDS: expected a whole number from 60 to 31536000, got "1.5"',
      'SIWE_CONFIG\'s "nonceSeconds": expected a whole number from 10 to 86400, got "soon"',
      'SIWE_STATEMENT: the statement must be one line',
      'SIWE_MAX_BODY_BYTES (4096) must be at least SIWE_MAX_MESSAGE_BYTES (8192)',
    ]);
  });

  it('says when the file cannot be read', () => {
    const missing = path.join(folder.path, 'missing.json');
    expect(problems(readSiweConfig({ ...REQUIRED, SIWE_CONFIG: missing }))[0]).toMatch(/^SIWE_CONFIG: cannot read .*missing\.json as JSON \(ENOENT/);
    const array = path.join(folder.path, 'array.json');
    writeFileSync(array, '[]');
    expect(problems(readSiweConfig({ ...REQUIRED, SIWE_CONFIG: array }))).toEqual([`SIWE_CONFIG: ${array} must hold a JSON object`]);
  });
});
