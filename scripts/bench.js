// `npm run bench`: runs every `bench:*` script of package.json in turn; exits 1 if any missed its goals.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const { scripts } = require(path.join(root, 'package.json'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let failed = false;
for (const name of Object.keys(scripts).filter((s) => s.startsWith('bench:'))) {
  console.log(`\n> ${name}`);
  const run = spawnSync(npm, ['run', '--silent', name], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
