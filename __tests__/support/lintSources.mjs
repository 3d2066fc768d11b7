// Lints in-memory sources as if they were files of the project (ESLint's Node API, the project's own
// eslint.config.mjs), for the lint tests: reads [{ filePath, code }] as JSON on stdin and writes
// [{ filePath, messages: [{ ruleId, message }] }] on stdout. A process of its own, since ESLint loads
// its configuration as an ES module, which jest's module system does not.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const sources = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const eslint = new ESLint({ cwd: root });
const results = [];
for (const { filePath, code } of sources) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  results.push({ filePath, messages: (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message })) });
}
process.stdout.write(JSON.stringify(results));
