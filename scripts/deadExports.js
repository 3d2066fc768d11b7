// The dead-export check of `npm run lint`: an export of the app's code (src/, store/, sagas/) that
// nothing uses, neither another module (the app's, the build's scripts, the tests) nor its own
// module, is dead code and fails the lint. A name is "used" where it appears as a word, so the
// check errs on the side of keeping. Default exports (lazy chunks) are not checked.
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const SOURCE = /\.(tsx?|jsx?|mjs|cjs)$/;
const EXPORT = /^export (?:declare )?(?:async )?(?:const|let|var|function\*?|class|abstract class|interface|type|enum) ([A-Za-z_$][\w$]*)/gm;

/** @param {string} folder */
function files(folder) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

const escape = (name) => name.replace(/\$/g, '\\$');

/**
 * @param {string} root the project's folder
 * @param {{ checked?: string[]; users?: string[] }} [options] folders whose exports are checked, and
 *   folders or files whose code may use them (the checked folders always may)
 * @returns {string[]} "file: name" for each dead export, in file order
 */
function deadExports(root, options = {}) {
  const checked = (options.checked ?? ['src', 'store', 'sagas']).flatMap((folder) => files(path.join(root, folder)));
  const users = (options.users ?? ['scripts', '__tests__', 'contracts', 'webpack.config.ts', 'jest.config.js', 'eslint']).flatMap((entry) =>
    SOURCE.test(entry) ? [path.join(root, entry)].filter((file) => existsSync(file)) : files(path.join(root, entry)),
  );
  const texts = new Map([...new Set([...checked, ...users])].map((file) => [file, readFileSync(file, 'utf8')]));
  const dead = [];
  for (const file of checked) {
    const text = /** @type {string} */ (texts.get(file));
    for (const match of text.matchAll(EXPORT)) {
      const name = /** @type {string} */ (match[1]);
      const word = new RegExp(`(?<![\\w$])${escape(name)}(?![\\w$])`, 'g');
      const ownUses = (text.match(word) ?? []).length - 1;
      if (ownUses > 0) continue;
      const elsewhere = [...texts].some(([other, otherText]) => other !== file && new RegExp(word.source).test(otherText));
      if (!elsewhere) dead.push(`${path.relative(root, file)}: ${name}`);
    }
  }
  return dead;
}

module.exports = { deadExports };

if (require.main === module) {
  const dead = deadExports(path.resolve(__dirname, '..'));
  if (dead.length > 0) {
    console.error(`Exports nothing uses (delete them, or use them):\n${dead.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
}
