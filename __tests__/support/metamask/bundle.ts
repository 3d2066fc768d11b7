// Builds inpage.ts for the browser once per test process: esbuild with the shims MetaMask's stream
// stack expects in a page (buffer, process, events).
import path from 'node:path';
import { build } from 'esbuild';

let cached: Promise<string> | undefined;

export function metamaskInpageBundle(): Promise<string> {
  cached ??= (async () => {
    const root = path.resolve(__dirname, '../../..');
    const shims = path.join(__dirname, 'shims.js');
    const result = await build({
      entryPoints: [path.join(__dirname, 'inpage.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'chrome120',
      absWorkingDir: root,
      inject: [shims],
      define: { global: 'globalThis', 'process.env.NODE_ENV': '"production"' },
      alias: { buffer: 'buffer', process: 'process', events: 'events' },
      logLevel: 'silent',
    });
    const [output] = result.outputFiles;
    if (!output) throw new Error('esbuild produced no MetaMask bundle');
    return output.text;
  })();
  return cached;
}
