// docs/behaviour.md is what comments, tests and the README cite, as `docs/behaviour.md §2.3` or, once a
// file has named it, `§2.3` alone. Every section cited anywhere in the project must be one of its
// headings: a section is never renumbered, so a citation that points nowhere is a typo or a rule that
// was never written down.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FOLDERS = ['src', 'store', 'sagas', 'server', 'scripts', '__tests__', 'docs', 'eslint', 'contracts', 'public', '.ci'];
const TEXT = /\.(ts|tsx|js|cjs|mjs|md|html|json)$/;

function filesUnder(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(path.join(ROOT, folder));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const file = path.posix.join(folder, name);
    if (statSync(path.join(ROOT, file)).isDirectory()) return filesUnder(file);
    return TEXT.test(name) ? [file] : [];
  });
}

/** The section numbers of docs/behaviour.md: "## 1. Connections" is 1, "### 1.3 Reconnecting at start" is 1.3. */
function sectionsOf(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (heading) sections.add(heading[1]!);
  }
  return sections;
}

/** Every `§N` or `§N.M` in a text, with its line. */
function citationsIn(text: string): { section: string; line: number }[] {
  return [...text.matchAll(/§\s*(\d+(?:\.\d+)*)/g)].map((match) => ({ section: match[1]!, line: text.slice(0, match.index).split('\n').length }));
}

const behaviour = readFileSync(path.join(ROOT, 'docs/behaviour.md'), 'utf8');
const sections = sectionsOf(behaviour);

it('reads the sections of docs/behaviour.md from its headings', () => {
  expect(sections.has('1')).toBe(true);
  expect(sections.has('1.3')).toBe(true);
  expect(sections.has('8')).toBe(true);
  // Citations themselves are not headings.
  expect(sectionsOf('text §9.9 here\n### 2.4 A rule\n')).toEqual(new Set(['2.4']));
  expect(citationsIn('see docs/behaviour.md §2.3, and §7.\nthen §12.1')).toEqual([
    { section: '2.3', line: 1 },
    { section: '7', line: 1 },
    { section: '12.1', line: 2 },
  ]);
});

it('every section cited in the project is a section of docs/behaviour.md', () => {
  // This file's own examples above are not citations.
  const files = [...FOLDERS.flatMap(filesUnder), 'README.md'].filter((file) => file !== '__tests__/unit/docs.test.ts');
  expect(files.length).toBeGreaterThan(200);
  const nowhere = files.flatMap((file) =>
    citationsIn(readFileSync(path.join(ROOT, file), 'utf8'))
      .filter(({ section }) => !sections.has(section))
      .map(({ section, line }) => `${file}:${line} cites §${section}`),
  );
  expect(nowhere).toEqual([]);
});
