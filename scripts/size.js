// `npm run size`: gzip size of every JavaScript chunk of the production build, the total of what a
// first visit loads (the scripts index.html references), and the budgets. Exits 1 over budget.
// Run after `npm run build` (or pass --build to build first).
const { execFileSync } = require('node:child_process');
const { readFileSync, readdirSync, existsSync } = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const root = path.resolve(__dirname, '..');
const dist = path.resolve(root, process.env.WALLETDECK_OUT_DIR ?? 'dist');
/** Budgets in bytes of gzip (1 KB = 1000 bytes). */
const BUDGETS = {
  // Everything a first visit loads: its entry scripts, main and vendor (docs/architecture.md, "How the
  // code loads"; issue 37: at most 120 KB in all). 109.4 KB on 2026-12-04 with the whole engine in them.
  firstVisit: 120_000,
  // What a returning user's reload executes: the entry scripts and, on a chain with names, the names
  // chunk (issue 37: at most web3-react's single 168.4 KB file; 154.4 KB on 2026-12-04).
  returning: { budget: 168_000, chunks: ['names'] },
  // Named lazy chunks: [chunk name prefix, budget or null for print-only].
  chunks: [
    ['walletconnect', 160_000],
    ['coinbase', null],
  ],
};

if (process.argv.includes('--build') || !existsSync(path.join(dist, 'index.html'))) {
  execFileSync(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const gzip = (file) => zlib.gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const jsDir = path.join(dist, 'js');
const chunks = readdirSync(jsDir)
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: `js/${f}`, raw: readFileSync(path.join(jsDir, f)).length, gzip: gzip(path.join(jsDir, f)) }))
  .sort((a, b) => b.gzip - a.gzip);

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/<script[^>]+src="\/?([^"]+)"/g)].map((m) => m[1]));
const firstVisit = chunks.filter((c) => initial.has(c.file)).reduce((sum, c) => sum + c.gzip, 0);

console.log('chunk'.padEnd(44), 'raw'.padStart(10), 'gzip'.padStart(10), ' first visit');
for (const c of chunks) {
  console.log(c.file.padEnd(44), kb(c.raw).padStart(10), kb(c.gzip).padStart(10), initial.has(c.file) ? ' yes' : '');
}
let failed = false;
console.log(`\nfirst visit (no saved session): ${kb(firstVisit)} gzip, budget ${kb(BUDGETS.firstVisit)}`);
if (firstVisit > BUDGETS.firstVisit) {
  console.error(`OVER BUDGET: first visit is ${kb(firstVisit - BUDGETS.firstVisit)} over`);
  failed = true;
}
const named = (name) => chunks.filter((c) => path.basename(c.file).startsWith(`${name}.`) || path.basename(c.file).startsWith(`${name}-`));
const returning = firstVisit + BUDGETS.returning.chunks.flatMap(named).reduce((sum, c) => sum + c.gzip, 0);
console.log(`returning user's reload (entry, ${BUDGETS.returning.chunks.join(', ')}): ${kb(returning)} gzip, budget ${kb(BUDGETS.returning.budget)}`);
if (returning > BUDGETS.returning.budget) {
  console.error(`OVER BUDGET: a returning user's reload is ${kb(returning - BUDGETS.returning.budget)} over`);
  failed = true;
}
for (const [name, budget] of BUDGETS.chunks) {
  const matching = chunks.filter((c) => path.basename(c.file).startsWith(`${name}.`) || path.basename(c.file).startsWith(`${name}-`));
  if (matching.length === 0) {
    console.log(`${name} chunk: not in this build`);
    continue;
  }
  const total = matching.reduce((sum, c) => sum + c.gzip, 0);
  console.log(`${name} chunk(s): ${kb(total)} gzip${budget ? `, budget ${kb(budget)}` : ''}`);
  if (budget && total > budget) {
    console.error(`OVER BUDGET: ${name} is ${kb(total - budget)} over`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
