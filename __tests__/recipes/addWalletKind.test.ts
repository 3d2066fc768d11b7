// docs/recipes/add-a-wallet-kind.md names every file a new kind must touch. A kind is named in code
// outside its own connector folder only where the recipe says: any other place that names one (a new
// list of kinds, a kind-specific branch) fails here until the recipe names it too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONNECTION_IDS } from '../../src/lib/connectors/types';
import { ROOT } from './recipeDoc';

const recipe = readFileSync(path.join(ROOT, 'docs/recipes/add-a-wallet-kind.md'), 'utf8');

function sources(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
    const file = path.posix.join(folder, name);
    if (statSync(path.join(ROOT, file)).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

// A kind named as a value ('coinbase') or as a key (coinbase:), outside the kinds' own folders.
const own = new RegExp(`^src/lib/connectors/(${CONNECTION_IDS.join('|')})/`);
const names = new RegExp(`'(${CONNECTION_IDS.join('|')})'|\\b(${CONNECTION_IDS.join('|')}): `);
const naming = ['src', 'store', 'sagas'].flatMap(sources).filter((file) => !own.test(file) && names.test(readFileSync(path.join(ROOT, file), 'utf8')));

it('finds the places that name a kind (the check itself is not empty)', () => {
  expect(naming).toEqual(expect.arrayContaining(['src/lib/connectors/types.ts', 'src/lib/connectors/registry.ts']));
});

it.each(naming)('the recipe names %s', (file) => {
  expect(recipe).toContain(`\`${file}\``);
});
