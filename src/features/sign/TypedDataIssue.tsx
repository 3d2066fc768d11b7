// A typed-data check's finding in the user's words (docs/behaviour.md §7.3, §14): the sentence of its
// code, its values as written (names, types, JSON) kept left to right, and an invalid value's reason
// said inside it. The exact message stays in the check (and in `data-message`).
import { Fragment, type ReactNode } from 'react';
import type { MessageKey } from '../../i18n/catalogue';
import type { Words } from '../../i18n/words';
import type { TypedDataSaid } from '../../lib/typedData';

export function TypedDataFinding({ said, words }: { said: TypedDataSaid; words: Words }) {
  const values: Record<string, ReactNode> = {};
  for (const [name, value] of Object.entries(said.values)) {
    // {count} chooses the plural form; any other number is the locale's, any text as written.
    values[name] = name === 'count' ? value : <bdi dir="ltr">{typeof value === 'number' ? words.number(value) : value}</bdi>;
  }
  if (said.why) values['why'] = <TypedDataFinding said={said.why} words={words} />;
  // Every code has its sentence in the catalogue: a code without one fails the type check here.
  const key: MessageKey = `typedData.${said.code}`;
  // Each code's placeholders are its values' names (src/lib/typedData.ts).
  const parts = words.parts as (key: MessageKey, params: Readonly<Record<string, ReactNode>>) => ReactNode[];
  return (
    <>
      {parts(key, values).map((piece, i) => (
        <Fragment key={i}>{piece}</Fragment>
      ))}
    </>
  );
}
