// A catalogue's shape, from English (src/i18n/catalogues/en.ts, the source): every other language has
// exactly its keys (a missing or extra key fails the type check), and a message's placeholders are the
// parameters `t` asks for. A message is a sentence with {placeholders}, or plural forms chosen by
// Intl.PluralRules for {count}: `other` always, and whichever of zero, one, two, few, many the
// language needs (English: one, other; Arabic: all six; Japanese: other).
import type { en } from './catalogues/en';
import type { enLater } from './catalogues/en.later';

export type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
export type PluralMessage = { readonly other: string } & { readonly [form in Exclude<PluralForm, 'other'>]?: string };
export type Message = string | PluralMessage;

type English = typeof en & typeof enLater;
export type MessageKey = keyof English;
/** The keys of the first script's words (./catalogues/en.ts): all a component of the first script may say. */
export type FirstKey = keyof typeof en;

/** Every other language's catalogue: English's keys, a sentence for a sentence, plural forms for plural forms. */
export type Catalogue = { readonly [K in MessageKey]: English[K] extends string ? string : PluralMessage };

/** The placeholders of one sentence: "Connect {wallet} on {chain}" gives "wallet" | "chain". */
type PlaceholdersOf<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never;
type MessagePlaceholders<M> = M extends string ? PlaceholdersOf<M> : PlaceholdersOf<M[keyof M]> | 'count';

export type Placeholders<K extends MessageKey> = MessagePlaceholders<English[K]>;

/** What `t` takes for a key: nothing for a sentence without placeholders, else one value for each. */
export type Params<K extends MessageKey, V = string | number> = [Placeholders<K>] extends [never]
  ? []
  : [params: { readonly [P in Placeholders<K>]: P extends 'count' ? number : V }];
