// Walletdeck's own lint rules. `no-restricted-import-expressions` holds every import-direction rule
// for dynamic `import()` too (ESLint's no-restricted-imports sees only static imports and exports):
// it takes the very same options and hands each `import('…')` to ESLint's own rule as a namespace
// import of that source, so both report the same way with the same messages. `one-guard` keeps the
// guards of untrusted values in one place.
import { builtinRules } from 'eslint/use-at-your-own-risk';

const restrictedImports = builtinRules.get('no-restricted-imports');

/** The source of `import(source)` when it is written out (a string, or a template without expressions). */
function staticSource(source) {
  if (source.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source.type === 'TemplateLiteral' && source.expressions.length === 0) return source.quasis[0].value.cooked;
  return undefined;
}

const noRestrictedImportExpressions = {
  meta: {
    type: 'problem',
    docs: { description: 'The options of no-restricted-imports, applied to dynamic import() as well' },
    schema: restrictedImports.meta.schema,
    messages: {
      ...restrictedImports.meta.messages,
      computed: 'import() with a computed source escapes the import rules of this folder: write the source as a string.',
    },
  },
  create(context) {
    const checks = restrictedImports.create(context);
    return {
      ImportExpression(node) {
        const value = staticSource(node.source);
        if (value === undefined) {
          context.report({ node: node.source, messageId: 'computed' });
          return;
        }
        // What import() yields is the whole module: checked as `import * as … from source`.
        checks.ImportDeclaration?.({
          type: 'ImportDeclaration',
          importKind: 'value',
          source: { ...node.source, type: 'Literal', value },
          specifiers: [{ type: 'ImportNamespaceSpecifier', local: { type: 'Identifier', name: '*' }, loc: node.loc, range: node.range }],
          loc: node.loc,
          range: node.range,
          parent: node.parent,
        });
      },
    };
  },
};

/** The guards every reader of untrusted values shares, written once in src/lib/guards.ts. */
const GUARDS_FILE = 'src/lib/guards.ts';
const GUARD_NAMES = new Set(['isObject', 'isRecord']);

const oneGuard = {
  meta: {
    type: 'problem',
    docs: { description: `isObject and isRecord are declared in ${GUARDS_FILE} only: every other file imports them` },
    schema: [],
    messages: { copy: `'{{name}}' is declared once, in ${GUARDS_FILE}: import it from there.` },
  },
  create(context) {
    if (context.filename.replaceAll('\\', '/').endsWith(`/${GUARDS_FILE}`)) return {};
    const check = (id) => {
      if (id?.type === 'Identifier' && GUARD_NAMES.has(id.name)) context.report({ node: id, messageId: 'copy', data: { name: id.name } });
    };
    return {
      FunctionDeclaration: (node) => check(node.id),
      VariableDeclarator: (node) => check(node.id),
    };
  },
};

export default {
  meta: { name: 'walletdeck' },
  rules: { 'no-restricted-import-expressions': noRestrictedImportExpressions, 'one-guard': oneGuard },
};
