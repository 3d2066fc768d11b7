// The pseudo-locale (docs/behaviour.md §14.5): English with every letter accented, about 40 % longer
// and its edges marked ⟦…⟧, so that a string left outside the catalogue (plain English on screen) or
// a layout that breaks with longer words shows at once. Placeholders are kept as they are.
import type { Catalogue, Message, MessageKey, PluralMessage } from './catalogue';

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'àƀçđèƒĝĥîĵķļɱñôƥǫŕšţûṽŵẋýžÀƁÇĐÈƑĜĤÎĴĶĻṀÑÔƤǪŔŠŢÛṼŴẊÝŽ'][i] as string]),
);

/** One sentence in the pseudo-locale: "Connect {wallet}" gives "⟦Çôññèçţ {wallet} ·········⟧". */
export function pseudoSentence(sentence: string): string {
  const pieces = sentence.split(/(\{[A-Za-z][A-Za-z0-9]*\})/);
  const accented = pieces.map((piece) => (piece.startsWith('{') ? piece : [...piece].map((c) => ACCENTED[c] ?? c).join(''))).join('');
  // 40 % more letters, counted without the placeholders (a value's own length is its own).
  const letters = pieces.filter((piece) => !piece.startsWith('{')).join('').length;
  const padding = Math.ceil(letters * 0.4);
  return `⟦${accented}${padding > 0 ? ` ${'·'.repeat(Math.max(0, padding - 1))}` : ''}⟧`;
}

const pseudoMessage = (message: Message): Message =>
  typeof message === 'string' ? pseudoSentence(message) : (Object.fromEntries(Object.entries(message).map(([form, sentence]) => [form, pseudoSentence(sentence)])) as PluralMessage);

export function pseudoCatalogue(source: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(source).map(([key, message]) => [key, pseudoMessage(message as Message)])) as Record<MessageKey, Message> as Catalogue;
}
