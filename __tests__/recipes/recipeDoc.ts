// The recipes in docs/recipes/ are the tests' script: a test reads a recipe's code blocks and does
// exactly what they say, so a recipe that drifts from the code fails here. A block's info string names
// what it is: ```json file=chains.json (a file to write), ```tsx file=src/features/x/X.tsx (a new
// module, run as if it were that file), ```diff file=src/lib/x.ts (a change to an existing file:
// lines with "-" are removed, "+" added, " " kept; the old lines must be found once, in order).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from '@swc/core';

export const ROOT = path.resolve(__dirname, '../..');

export interface Block {
  lang: string;
  file: string;
  code: string;
}

/** The code blocks of docs/recipes/<name>.md that name a file, in order. */
export function recipeBlocks(name: string): Block[] {
  const text = readFileSync(path.join(ROOT, 'docs/recipes', `${name}.md`), 'utf8');
  const blocks: Block[] = [];
  // A block inside a list item is indented as its fence is; that indentation is markdown's, not the code's.
  for (const match of text.matchAll(/^( *)```(\w+)[ \t]+file=(\S+)[ \t]*\n([\s\S]*?)^ *```[ \t]*$/gm)) {
    const indent = (match[1] as string).length;
    const code = (match[4] as string).split('\n').map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length))).join('\n');
    blocks.push({ lang: match[2] as string, file: match[3] as string, code });
  }
  return blocks;
}

/** The one block of a recipe for `file` (and kind: a diff or a whole file). */
export function block(name: string, file: string, kind: 'diff' | 'file' = 'file'): string {
  const found = recipeBlocks(name).filter((b) => b.file === file && (b.lang === 'diff') === (kind === 'diff'));
  if (found.length !== 1) throw new Error(`docs/recipes/${name}.md has ${found.length} ${kind} blocks for ${file}, expected 1`);
  return (found[0] as Block).code;
}

/** A project file with a recipe's diff applied (the file itself is not touched). */
export function patched(file: string, diff: string, source = readFileSync(path.join(ROOT, file), 'utf8')): string {
  const lines = diff.replace(/\n$/, '').split('\n');
  const old: string[] = [];
  const next: string[] = [];
  for (const line of lines) {
    const mark = line[0] ?? ' ';
    const body = line.slice(1);
    if (mark === ' ' || mark === '-') old.push(body);
    if (mark === ' ' || mark === '+') next.push(body);
    if (mark !== ' ' && mark !== '-' && mark !== '+') throw new Error(`a diff line starts with "${mark}": ${line}`);
  }
  const target = source.split('\n');
  // Lines match by their text; indentation is the reader's, not the recipe's.
  const same = (a: string, b: string) => a.trim() === b.trim();
  const at: number[] = [];
  for (let i = 0; i + old.length <= target.length; i++) if (old.every((line, j) => same(line, target[i + j] as string))) at.push(i);
  if (at.length !== 1) throw new Error(`${file}: the recipe's lines\n${old.join('\n')}\nare found ${at.length} times (expected once)`);
  target.splice(at[0] as number, old.length, ...next);
  return target.join('\n');
}

/**
 * Runs TypeScript source as the module at `file` (project-relative): compiled as jest compiles the
 * project, its relative imports resolved from that file's folder through jest's own registry, so it
 * shares the modules (and mocks) the test sees.
 */
export function runModule(file: string, source: string): Record<string, unknown> {
  const { code } = transformSync(source, {
    filename: path.join(ROOT, file),
    jsc: { parser: { syntax: 'typescript', tsx: file.endsWith('.tsx') }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const folder = path.dirname(path.join(ROOT, file));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest's require: the recipe's imports share the test's registry and mocks
  const load = (specifier: string): unknown => require(specifier.startsWith('.') ? path.resolve(folder, specifier) : specifier);
  const module = { exports: {} as Record<string, unknown> };
  // The recipe's code, compiled above, run as a CommonJS module.
  new Function('require', 'module', 'exports', code)(load, module, module.exports);
  return module.exports;
}

/** A project file with every diff a recipe gives for it applied, in the recipe's order. */
export function patchedBy(name: string, file: string): string {
  const diffs = recipeBlocks(name).filter((b) => b.file === file && b.lang === 'diff');
  if (diffs.length === 0) throw new Error(`docs/recipes/${name}.md changes nothing in ${file}`);
  return diffs.reduce((source, diff) => patched(file, diff.code, source), readFileSync(path.join(ROOT, file), 'utf8'));
}

/**
 * Registers the recipe's modules in place of (or beside) the project's: `files` maps a project path to
 * its source (a new file, or a patched one). Modules required after this see them; modules the test
 * already loaded (React, the store's API) stay shared, so call it before the first require of a module
 * that imports a patched one. `isolated`: in a registry of their own instead (nothing shared).
 */
export function withModules<T>(files: Record<string, string>, then: () => T, { isolated = false } = {}): T {
  const register = () => {
    for (const [file, source] of Object.entries(files)) {
      // A new file is a virtual module, under each name its importers may use; one module for all of them.
      const virtual = !existsSync(path.join(ROOT, file));
      let exports: Record<string, unknown> | undefined;
      for (const key of moduleKeys(file)) jest.doMock(key, () => (exports ??= runModule(file, source)), { virtual });
    }
  };
  if (!isolated) {
    register();
    return then();
  }
  let out: T | undefined;
  jest.isolateModules(() => {
    register();
    out = then();
  });
  for (const file of Object.keys(files)) for (const key of moduleKeys(file)) jest.dontMock(key);
  return out as T;
}

/** The names a module is required by: its path without the extension, and its folder's for an index file. */
function moduleKeys(file: string): string[] {
  const key = path.join(ROOT, file).replace(/\.tsx?$/, '');
  return path.basename(key) === 'index' ? [key, path.dirname(key)] : [key];
}
