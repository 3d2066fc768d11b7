// The deployer's own words (docs/behaviour.md §14.2): WALLETDECK_STRINGS, checked at build
// (scripts/strings.ts) and baked into the page as data. Every language's words are made through
// createWords (./words.ts), which lays these over the catalogue, so a later chunk's words and a
// language that arrives late carry them too.
import type { Catalogue } from './catalogue';
import type { LanguageCode } from './languages';

export type StringOverrides = Partial<Record<LanguageCode, Partial<Catalogue>>>;

function baked(): StringOverrides {
  const data = process.env.WALLETDECK_STRING_OVERRIDES;
  if (!data) return {};
  const parsed: unknown = JSON.parse(data);
  return typeof parsed === 'object' && parsed !== null ? (parsed as StringOverrides) : {};
}

/** This build's overrides (none in a build without WALLETDECK_STRINGS, and in tests). */
export const STRING_OVERRIDES: StringOverrides = baked();
