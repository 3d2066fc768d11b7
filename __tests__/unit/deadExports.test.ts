// The dead-export check of `npm run lint` (scripts/deadExports.js), tried on a project of its own in a
// temporary folder: an export nothing uses fails, one used by another module, by its own module or by a
// test passes; and the project itself has none.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deadExports } from '../../scripts/deadExports';

const ROOT = path.resolve(__dirname, '../..');
let project: string;

function write(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    writeFileSync(path.join(project, file), text);
  }
}

beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), 'dead-exports-'));
});

afterEach(() => {
  rmSync(project, { recursive: true, force: true });
});

describe('the dead-export check', () => {
  it('names an export that nothing uses: not another module, not its own, not a test', () => {
    write({
      'store/selectors.ts': 'export const selectUsed = (s: { a: number }) => s.a;\nexport const selectDead = (s: { b: number }) => s.b;\nexport type Dead = number;\n',
      'src/app.ts': "import { selectUsed } from '../store/selectors';\nexport default selectUsed;\n",
    });
    expect(deadExports(project)).toEqual(['store/selectors.ts: selectDead', 'store/selectors.ts: Dead']);
  });

  it('keeps an export its own module uses, and one only a test or a build script uses', () => {
    write({
      'sagas/a.ts': 'export const LIMIT = 3;\nexport function both() { return LIMIT; }\n',
      'sagas/b.ts': "import { both } from './a';\nboth();\nexport const forTests = 1;\nexport const forBuild = 2;\n",
      '__tests__/b.test.ts': "import { forTests } from '../sagas/b';\n",
      'scripts/build.js': "const { forBuild } = require('../sagas/b');\n",
    });
    expect(deadExports(project)).toEqual([]);
  });

  it('a word that only contains the name is no use of it', () => {
    write({ 'src/x.ts': 'export const value = 1;\n', 'src/y.ts': 'export const values = [1];\nexport const valueOf2 = values;\n' });
    expect(deadExports(project)).toEqual(['src/x.ts: value', 'src/y.ts: valueOf2']);
  });

  it('as the lint runs it: fails, naming the export, and passes once it is gone', () => {
    write({ 'src/x.ts': 'export const dead = 1;\n' });
    const script = path.join(ROOT, 'scripts/deadExports.js');
    const run = () => execFileSync(process.execPath, ['-e', `const { deadExports } = require(${JSON.stringify(script)}); const d = deadExports(${JSON.stringify(project)}); if (d.length) { console.error(d.join('\\n')); process.exit(1); }`], { encoding: 'utf8', stdio: 'pipe' });
    expect(run).toThrow(/src\/x\.ts: dead/);
    write({ 'src/x.ts': 'const dead = 1;\nexport default dead;\n' });
    expect(run).not.toThrow();
  });

  it('the project has no dead export', () => {
    expect(deadExports(ROOT)).toEqual([]);
  });
});
