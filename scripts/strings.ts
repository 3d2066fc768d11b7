// The deployer's own words (docs/behaviour.md §14.2), checked at build like every other setting:
// WALLETDECK_STRINGS names a JSON file (a path relative to the project folder) of
// { "<language code>": { "<catalogue key>": <message> } }, each message replacing the catalogue's in
// that language ("Connect wallet" -> "Log in with your wallet"). Each language must be one the
// deployment offers, each key one of English's, each message a sentence where English has a
// sentence and plural forms where it has them, with the same {placeholders}, at most 500 characters,
// and no control or direction-changing character (a brand's words never turn the page's direction).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StringOverrides } from '../src/i18n/overrides';
import { en } from '../src/i18n/catalogues/en';
import { enLater } from '../src/i18n/catalogues/en.later';
import { isLanguageCode, type LanguageCode } from '../src/i18n/languages';
import { messageProblem } from './catalogues';

const root = path.resolve(__dirname, '..');
const MAX_LENGTH = 500;
// C0 and C1 controls, and the bidirectional embeddings, overrides, isolates and marks.
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const REFUSED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const english: Readonly<Record<string, unknown>> = { ...en, ...enLater };

const sentencesOf = (message: unknown): string[] =>
  typeof message === 'string' ? [message] : typeof message === 'object' && message !== null ? Object.values(message).filter((v): v is string => typeof v === 'string') : [];

/** The problems of one language's overrides (each line names the language and key). */
function languageProblems(language: string, messages: unknown, offered: readonly LanguageCode[]): string[] {
  if (!isLanguageCode(language) || !offered.includes(language)) return [`"${language}" is not a language this build offers (${offered.join(', ')})`];
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) return [`"${language}" must be an object of catalogue keys and their words`];
  const problems: string[] = [];
  for (const [key, message] of Object.entries(messages)) {
    const where = `${language} "${key}"`;
    if (!(key in english)) {
      problems.push(`${where} is not a key of the catalogue`);
      continue;
    }
    const problem = messageProblem(english[key], message);
    if (problem) {
      problems.push(`${where} ${problem}`);
      continue;
    }
    const sentences = sentencesOf(message);
    if (sentences.some((sentence) => sentence.trim() === '')) problems.push(`${where} is empty`);
    else if (sentences.some((sentence) => sentence.length > MAX_LENGTH)) problems.push(`${where} is longer than ${MAX_LENGTH} characters`);
    else if (sentences.some((sentence) => REFUSED.test(sentence))) problems.push(`${where} holds a control or text-direction character`);
  }
  return problems;
}

/** The overrides the page is built with, and what is wrong with them (each problem names the variable). */
export function readStringOverrides(env: Record<string, string | undefined>, offered: readonly LanguageCode[]): { overrides: StringOverrides; problems: string[] } {
  const label = env['WALLETDECK_STRINGS']?.trim();
  if (!label) return { overrides: {}, problems: [] };
  const fail = (why: string) => ({ overrides: {}, problems: [`WALLETDECK_STRINGS=${label}: ${why}.`] });
  const file = path.resolve(root, label);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return fail(`cannot be read (expected a JSON file at ${file})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return fail(`is not JSON (${String((error as { message?: unknown }).message ?? error)})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fail('expected an object of language codes, each an object of catalogue keys and their words');
  const problems = Object.entries(parsed).flatMap(([language, messages]) => languageProblems(language, messages, offered));
  if (problems.length > 0) return { overrides: {}, problems: problems.map((problem) => `WALLETDECK_STRINGS=${label}: ${problem}.`) };
  return { overrides: parsed as StringOverrides, problems: [] };
}
