// Where a JSON text goes wrong and what is wrong there, for the deployer's chain file (chainConfig.ts):
// Node's JSON.parse names a position for some mistakes only ("at position N") and none for the most
// common one, a comma after the last entry. This scanner follows the JSON grammar (RFC 8259) and stops
// at the first mistake. It never recurses (a file of 100,000 "[" cannot overflow the stack) and only
// runs on a text the parser already refused.

export interface JsonSyntaxError {
  /** Offset in the text (UTF-16 code units, as String.prototype.slice counts). */
  offset: number;
  /** What is wrong there, in words. */
  what: string;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const LITERALS = ['true', 'false', 'null'];

/** A character or word as a message shows it: quoted, or as U+XXXX when it cannot be seen. */
function shown(text: string, offset: number): string {
  const word = /^[A-Za-z0-9_$.+-]{1,20}/.exec(text.slice(offset))?.[0];
  if (word && /^[A-Za-z0-9_$]/.test(word)) return JSON.stringify(word);
  const char = String.fromCodePoint(text.codePointAt(offset) ?? 0);
  if (/^[\s\p{C}]$/u.test(char)) return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return JSON.stringify(char);
}

/** The first mistake of a JSON text, or undefined when the text is valid JSON. */
export function jsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const open: Array<'[' | '{'> = [];
  const skipWhitespace = () => {
    while (i < text.length && WHITESPACE.has(text.charAt(i))) i++;
  };
  const atEnd = (): JsonSyntaxError => ({ offset: i, what: text.trim() === '' ? 'the file is empty' : 'the file ends before the JSON does' });
  const expected = (what: string): JsonSyntaxError => (i >= text.length ? atEnd() : { offset: i, what: `expected ${what}, found ${shown(text, i)}` });

  /** A string from its opening quote; i ends after the closing quote. */
  const string = (): JsonSyntaxError | undefined => {
    i++;
    for (;;) {
      if (i >= text.length) return atEnd();
      const c = text.charAt(i);
      if (c === '"') {
        i++;
        return undefined;
      }
      if (c.charCodeAt(0) < 0x20) return { offset: i, what: 'a line break or control character inside a string' };
      if (c === '\\') {
        const next = text.charAt(i + 1);
        if (next === 'u') {
          const hex = /^[0-9A-Fa-f]{0,4}/.exec(text.slice(i + 2, i + 6))?.[0].length ?? 0;
          if (hex < 4) {
            i += 2 + hex;
            return i >= text.length ? atEnd() : { offset: i, what: '"\\u" is not followed by four hexadecimal digits' };
          }
          i += 6;
          continue;
        }
        if (!ESCAPES.has(next)) return i + 1 >= text.length ? atEnd() : { offset: i + 1, what: `"\\${next}" is not an escape JSON knows` };
        i += 2;
        continue;
      }
      i++;
    }
  };

  /** A number from its first character; i ends after it. */
  const number = (): JsonSyntaxError | undefined => {
    const digits = () => {
      const start = i;
      while (/[0-9]/.test(text.charAt(i))) i++;
      return i > start;
    };
    if (text.charAt(i) === '-') i++;
    if (text.charAt(i) === '0') i++;
    else if (!digits()) return expected('a digit');
    if (text.charAt(i) === '.') {
      i++;
      if (!digits()) return expected('a digit');
    }
    if (text.charAt(i) === 'e' || text.charAt(i) === 'E') {
      i++;
      if (text.charAt(i) === '+' || text.charAt(i) === '-') i++;
      if (!digits()) return expected('a digit');
    }
    return undefined;
  };

  /** A value (an opening bracket pushes its container); i ends after it. */
  const value = (): JsonSyntaxError | undefined => {
    skipWhitespace();
    const c = text.charAt(i);
    if (c === '{' || c === '[') {
      open.push(c);
      i++;
      return undefined;
    }
    if (c === '"') return string();
    if (c === '-' || /[0-9]/.test(c)) return number();
    const literal = LITERALS.find((word) => text.startsWith(word, i));
    if (literal) {
      i += literal.length;
      return undefined;
    }
    return expected('a value');
  };

  /** A field name and its colon; i ends after the colon. */
  const fieldName = (): JsonSyntaxError | undefined => {
    skipWhitespace();
    if (text.charAt(i) !== '"') return expected('a field name in double quotes');
    const problem = string();
    if (problem) return problem;
    skipWhitespace();
    if (text.charAt(i) !== ':') return expected('":"');
    i++;
    return undefined;
  };

  // A container just opened may close at once ("[]", "{}"); after that, entries and commas.
  let justOpened = false;
  let problem = value();
  if (problem) return problem;
  justOpened = open.length > 0;
  for (;;) {
    const container = open.at(-1);
    skipWhitespace();
    if (container === undefined) return i < text.length ? expected('the end of the file') : undefined;
    const close = container === '[' ? ']' : '}';
    if (justOpened) {
      justOpened = false;
      if (text.charAt(i) === close) {
        i++;
        open.pop();
        continue;
      }
      if (container === '{' && (problem = fieldName())) return problem;
    } else if (text.charAt(i) === close) {
      i++;
      open.pop();
      continue;
    } else if (text.charAt(i) === ',') {
      i++;
      skipWhitespace();
      if (text.charAt(i) === close) {
        const last = container === '[' ? 'entry' : 'field';
        return { offset: i, what: `a comma before "${close}" (JSON allows none after the last ${last})` };
      }
      if (container === '{' && (problem = fieldName())) return problem;
    } else {
      const found = expected(`"," or "${close}"`);
      // 0x2105: a chain id written in hexadecimal, which JSON numbers cannot be.
      const hex = /^x([0-9A-Fa-f]{1,13})\b/.exec(text.slice(i));
      if (hex?.[1] && text.charAt(i - 1) === '0') return { ...found, what: `${found.what} (JSON numbers are decimal: use ${parseInt(hex[1], 16)})` };
      return found;
    }
    const depth = open.length;
    if ((problem = value())) return problem;
    justOpened = open.length > depth;
  }
}

/** 1-based line and column of an offset; a column counts characters (a "\r\n" ends one line). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = before.split('\n').length;
  const column = Array.from(before.slice(lineStart).replace(/\r/g, '')).length + 1;
  return { line, column };
}
