// The development wallets never reach a production build: `npm run build` run with everything
// `npm start` hands its development server (the development entry's settings, the local relay, the
// popup) still builds the app alone. Built to a temp dir of its own (WALLETDECK_OUT_DIR).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { planDevWallets, startDevWallets } from '../../scripts/dev/devWallets';
import { STORAGE_KEY } from '../../scripts/dev/extension/wallet';
import { DEV_NAMES } from '../../scripts/dev/settings';
import { LOCAL_VERIFY } from '../../scripts/dev/walletconnect/verifyShared';
import { startAnvil } from '../support/anvil';
import { freePort } from '../support/ports';

const root = path.resolve(__dirname, '../..');

/** Strings only the development wallets' code holds. */
const MARKERS = [...Object.values(DEV_NAMES), STORAGE_KEY, LOCAL_VERIFY.attestation, 'walletdeck-dev-wallet', 'dev-prompt-approve', 'Open in the development phone'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

let work: string | undefined;
let npmStartEnv: Record<string, string> = {};

beforeAll(async () => {
  // npm start's own settings for its development server, from the same function start.js uses.
  const anvil = await startAnvil({ chainId: 31337 });
  try {
    const wallets = await startDevWallets(
      planDevWallets({ PORT: String(await freePort()), WALLETDECK_DEV_PHONE_PORT: String(await freePort()), WALLETDECK_DEV_COINBASE_PORT: String(await freePort()) }),
      anvil.url,
    );
    npmStartEnv = { ...wallets.env, WALLETDECK_DEV_CHAIN_URL: anvil.url };
    await wallets.close();
  } finally {
    await anvil.stop();
  }
  work = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-prod-'));
  execFileSync(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...npmStartEnv, WALLETDECK_OUT_DIR: path.join(work, 'dist') },
  });
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

it('the markers are real: the development entry holds every one that the page carries', async () => {
  const bundle = await build({ entryPoints: [path.join(root, 'scripts/dev/extension/index.ts')], bundle: true, write: false, platform: 'browser', logLevel: 'silent' });
  const code = bundle.outputFiles[0]!.text;
  for (const marker of [DEV_NAMES.wallet, DEV_NAMES.rdns, STORAGE_KEY, LOCAL_VERIFY.attestation, 'walletdeck-dev-wallet', 'dev-prompt-approve']) {
    expect(code).toContain(marker);
  }
});

it('a production build with npm start\'s settings has no development entry and none of the wallets\' code', () => {
  // The build did get the development entry's settings: their absence below is the build's doing.
  expect(JSON.parse(npmStartEnv['WALLETDECK_DEV_WALLETS']!)).toHaveProperty('wallet.chainUrl');
  const dist = path.join(work!, 'dist');
  const files = filesUnder(dist);
  expect(files.some((file) => path.basename(file).startsWith('devwallets'))).toBe(false);
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => path.basename(m[1]!).split('.')[0]);
  expect(scripts).toContain('main');
  expect(scripts.filter((name) => name?.startsWith('devwallets'))).toEqual([]);
  // Every file, source maps included (they carry the sources).
  const found = files.flatMap((file) => {
    const text = readFileSync(file, 'latin1');
    return MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${path.relative(dist, file)}: ${marker}`);
  });
  expect(found).toEqual([]);
});
