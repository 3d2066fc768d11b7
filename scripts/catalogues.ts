// The catalogue check of `npm run lint` (docs/behaviour.md §14.6): every language's catalogue
// (src/i18n/catalogues/<code>.ts) has exactly English's keys (en.ts and en.later.ts), a sentence where
// English has a sentence and plural forms (with `other`) where English has them, and the same
// {placeholders} in each, so that no value is lost or made up in translation. The type check already
// refuses a missing key; this also refuses a placeholder renamed, dropped or added.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { en } from '../src/i18n/catalogues/en';
import { enLater } from '../src/i18n/catalogues/en.later';

type Messages = Readonly<Record<string, unknown>>;

const placeholders = (sentence: string): string[] => [...new Set([...sentence.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)].map((m) => m[1] as string))].sort();
const FORMS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** A message's placeholders ({count} for plural forms), or why it is not a message. */
function placeholdersOf(message: unknown): string[] | string {
  if (typeof message === 'string') return placeholders(message);
  if (typeof message !== 'object' || message === null) return 'is neither a sentence nor plural forms';
  const forms = Object.entries(message);
  if (!forms.some(([form]) => form === 'other')) return 'has plural forms without "other"';
  const unknown = forms.find(([form, sentence]) => !FORMS.has(form) || typeof sentence !== 'string');
  if (unknown) return `has a plural form "${unknown[0]}" that is not one of zero, one, two, few, many, other with a sentence`;
  return [...new Set(['count', ...forms.flatMap(([, sentence]) => placeholders(sentence as string))])].sort();
}

/** What is wrong with one message against English's of the same key (undefined: nothing). */
export function messageProblem(english: unknown, message: unknown): string | undefined {
  const want = placeholdersOf(english);
  const have = placeholdersOf(message);
  if (typeof have === 'string') return have;
  if (typeof english !== typeof message) return `must be ${typeof english === 'string' ? 'a sentence' : 'plural forms'}, as in English`;
  if (typeof want !== 'string' && want.join(',') !== have.join(',')) return `has {${have.join('}, {')}} where English has {${want.join('}, {')}}`;
  return undefined;
}

/** What is wrong with one language's catalogue against English's, one line each (empty: none). */
export function catalogueProblems(english: Messages, catalogue: Messages, name: string): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    if (!(key in catalogue)) {
      problems.push(`${name}: "${key}" is missing`);
      continue;
    }
    const problem = messageProblem(english[key], catalogue[key]);
    if (problem) problems.push(`${name}: "${key}" ${problem}`);
  }
  for (const key of Object.keys(catalogue)) if (!(key in english)) problems.push(`${name}: "${key}" is not an English key`);
  return problems;
}

/** Every catalogue file but English's own two and the pseudo-locale's (made from English). */
export function checkCatalogues(folder = path.resolve(__dirname, '../src/i18n/catalogues')): string[] {
  const english: Messages = { ...en, ...enLater };
  return readdirSync(folder)
    .filter((file) => file.endsWith('.ts') && !['en.ts', 'en.later.ts', 'pseudo.ts'].includes(file))
    .flatMap((file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build script run by ts-node, reading each catalogue by its file name
      const loaded = require(path.join(folder, file)) as { default?: Messages };
      return loaded.default ? catalogueProblems(english, loaded.default, file) : [`${file}: exports no default catalogue`];
    });
}

if (require.main === module) {
  const problems = checkCatalogues();
  if (problems.length > 0) {
    console.error(['Language catalogues differ from English (docs/behaviour.md §14.6):', ...problems.map((p) => `  ${p}`)].join('\n'));
    process.exit(1);
  }
}
