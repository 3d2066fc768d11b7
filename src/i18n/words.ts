// One language's words and formats: `t` over its catalogue, and numbers, amounts, dates and relative
// times from the browser's Intl in its locale (docs/behaviour.md §14.3). Plain TypeScript: the page's
// start builds it before React, and tests build it for any language with any catalogue.
import type { Catalogue, FirstKey, Message, MessageKey, Params, Placeholders, PluralForm } from './catalogue';
import { LANGUAGES, type LanguageCode } from './languages';
import { STRING_OVERRIDES, type StringOverrides } from './overrides';

/** A language's words; `K`: the keys its catalogue is known to hold (English's first part alone until a later chunk adds its own: src/i18n/later.ts). */
export interface Words<K extends MessageKey = MessageKey> {
  language: LanguageCode;
  /** Its catalogue, as far as it is here. */
  catalogue: Partial<Catalogue>;
  /** The locale numbers and dates follow: the browser's own tag when it names this language ("de-CH"), else the language's. */
  locale: string;
  dir: 'ltr' | 'rtl';
  /** The sentence of `key`, its placeholders filled; a plural message takes the form Intl.PluralRules gives {count}. */
  t<Key extends K>(key: Key, ...params: Params<Key>): string;
  /**
   * The same sentence cut at its placeholders, each replaced by its value as given: for values that
   * are not plain text (an address in <bdi>, a link), kept in the language's word order.
   */
  parts<Key extends K, V>(key: Key, params: { readonly [P in Placeholders<Key>]: P extends 'count' ? number : V | string | number }): Array<string | V>;
  /** A count or any plain number: "10.000,5" in German. */
  number(value: number | bigint): string;
  /** An exact decimal ("-10000.50"), every digit kept, grouped and marked the locale's way ("-10.000,50"); `grouped` false: no group marks. */
  amount(decimal: string, grouped?: boolean): string;
  /** The time of day, to the second ("16:31:05"). */
  time(at: number): string;
  /** A date and time ("4 Dec 2026, 16:31"). */
  dateTime(at: number): string;
  /** How long ago or ahead `at` is from `now`, in the largest whole unit ("5 seconds ago", "in 2 minutes"). */
  relative(at: number, now: number): string;
}

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** Splits a sentence at its placeholders: even indexes are text, odd ones placeholder names. */
function split(sentence: string): string[] {
  return sentence.split(PLACEHOLDER);
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** A language's words from its whole catalogue, or English's from its first part (FirstKey) and what has arrived of the rest. */
/** `overrides`: the deployer's own words (./overrides.ts), laid over the catalogue of their language. */
export function createWords(language: LanguageCode, catalogue: Catalogue, locale?: string, overrides?: StringOverrides): Words;
export function createWords(language: LanguageCode, catalogue: Pick<Catalogue, FirstKey> & Partial<Catalogue>, locale?: string, overrides?: StringOverrides): Words<FirstKey>;
export function createWords(language: LanguageCode, source: Pick<Catalogue, FirstKey> & Partial<Catalogue>, locale: string = language, overrides: StringOverrides = STRING_OVERRIDES): Words {
  const own = overrides[language];
  const catalogue: Pick<Catalogue, FirstKey> & Partial<Catalogue> = own ? { ...source, ...own } : source;
  const plurals = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
  const ungrouped = new Intl.NumberFormat(locale, { useGrouping: false });
  let marks: { decimal: string; minus: string; digits: string[] } | undefined;
  const numberMarks = () =>
    (marks ??= {
      decimal: numbers.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.',
      // Everything around the digits of -1 (Arabic adds a left-to-right mark before its minus).
      minus: numbers
        .formatToParts(-1)
        .filter((p) => p.type !== 'integer')
        .map((p) => p.value)
        .join(''),
      digits: Array.from({ length: 10 }, (_, d) => ungrouped.format(d)),
    });
  let times: { time: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat; relative: Intl.RelativeTimeFormat } | undefined;
  const timeFormats = () =>
    (times ??= {
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
    });

  const sentence = (key: MessageKey, count: unknown): string => {
    const message: Message | undefined = catalogue[key];
    // Never shown by a typed call: a key of a later part always comes with that part's words.
    if (message === undefined) return key;
    if (typeof message === 'string') return message;
    const form: PluralForm = typeof count === 'number' ? (plurals.select(count) as PluralForm) : 'other';
    return message[form] ?? message.other;
  };
  const words: Words = {
    language,
    catalogue,
    locale,
    dir: LANGUAGES[language].dir,
    t(key, ...params) {
      const values: Readonly<Record<string, string | number>> = params[0] ?? {};
      return split(sentence(key, values['count']))
        .map((piece, i) => (i % 2 === 0 ? piece : formatValue(values[piece], piece)))
        .join('');
    },
    parts(key, params) {
      const values = params as Readonly<Record<string, unknown>>;
      const out: Array<string | never> = [];
      split(sentence(key, values['count'])).forEach((piece, i) => {
        const value = i % 2 === 0 ? piece : values[piece];
        out.push((typeof value === 'number' ? words.number(value) : value) as never);
      });
      return out.filter((piece) => piece !== '');
    },
    number: (value) => numbers.format(value),
    amount(decimal, grouped = true) {
      const negative = decimal.startsWith('-');
      const [whole = '0', fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
      const { decimal: point, minus, digits } = numberMarks();
      const shownWhole = (grouped ? numbers : ungrouped).format(BigInt(whole || '0'));
      const shownFraction = fraction ? point + [...fraction].map((d) => digits[Number(d)] ?? d).join('') : '';
      return (negative ? minus : '') + shownWhole + shownFraction;
    },
    time: (at) => timeFormats().time.format(at),
    dateTime: (at) => timeFormats().dateTime.format(at),
    relative(at, now) {
      const ms = at - now;
      const [unit, size] = UNITS.find(([, unitMs]) => Math.abs(ms) >= unitMs) ?? ['second', 1000];
      return timeFormats().relative.format(Math.trunc(ms / size), unit);
    },
  };
  // A number placeholder reads as the locale writes numbers; a missing one stays visible as {name}.
  function formatValue(value: string | number | undefined, name: string): string {
    if (value === undefined) return `{${name}}`;
    return typeof value === 'number' ? words.number(value) : value;
  }
  return words;
}
