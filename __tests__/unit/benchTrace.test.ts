// `BENCH_TRACE=<file> npm run bench:reconnect` also writes where the app's main thread spent each
// measured window (scripts/benchTrace.ts): a made-up trace with two app documents (a reload and a
// click) and a baseline document, whose samples must land in the right windows and buckets.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bucketOf, buildResolver, findWindows, summarize, summaryMarkdown, type Resolve, type TraceEvent } from '../../scripts/benchTrace';

const APP = 'http://127.0.0.1:4000';
const BASELINE = 'http://127.0.0.1:5000';
const MAIN = `${APP}/js/main.abc.js`;

const nav = (ts: number, pid: number, navigationId: string, url: string): TraceEvent => ({ name: 'navigationStart', ph: 'R', ts, pid, tid: pid, args: { data: { navigationId, documentLoaderURL: url } } });
const mark = (name: string, ts: number, pid: number, navigationId: string): TraceEvent => ({ name: `bench:${name}`, ph: 'I', cat: 'blink.user_timing', ts, pid, tid: pid, args: { data: { navigationId } } });

/** A profile of `pid`'s main thread: one sample every 1 ms from `start`, each of the given node. */
function profile(pid: number, start: number, nodeOfEachMs: number[]): TraceEvent[] {
  const nodes = [
    { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 } },
    { id: 2, parent: 1, callFrame: { functionName: '(program)', url: '', lineNumber: -1, columnNumber: -1 } },
    { id: 3, parent: 1, callFrame: { functionName: 's', url: MAIN, lineNumber: 0, columnNumber: 100 } },
    { id: 4, parent: 3, callFrame: { functionName: 'removeChild', url: '', lineNumber: -1, columnNumber: -1 } },
    { id: 5, parent: 1, callFrame: { functionName: 'Ek', url: MAIN, lineNumber: 0, columnNumber: 900 } },
    { id: 6, parent: 1, callFrame: { functionName: '(idle)', url: '', lineNumber: -1, columnNumber: -1 } },
  ];
  return [
    { name: 'Profile', ph: 'P', id: '0x1', ts: start, pid, tid: pid, args: { data: { startTime: start } } },
    // Two chunks, as Chromium sends them: the nodes in the first, samples in both.
    { name: 'ProfileChunk', ph: 'P', id: '0x1', ts: start, pid, tid: pid, args: { data: { cpuProfile: { nodes, samples: nodeOfEachMs.slice(0, 3) }, timeDeltas: nodeOfEachMs.slice(0, 3).map(() => 1000) } } },
    { name: 'ProfileChunk', ph: 'P', id: '0x1', ts: start, pid, tid: pid, args: { data: { cpuProfile: { samples: nodeOfEachMs.slice(3) }, timeDeltas: nodeOfEachMs.slice(3).map(() => 1000) } } },
  ];
}

/** Column 100 of main.abc.js is our read-ahead, column 900 is react-dom. */
const resolve: Resolve = (url, _line, column) => {
  if (url !== MAIN) return undefined;
  return column === 100 ? 'webpack://walletdeck/./store/readAhead.ts' : 'webpack://walletdeck/./node_modules/react-dom/cjs/react-dom.production.min.js';
};

// Times in µs. The reload's document (pid 1): navigation at 0, "Connected" at 10 ms. The click's
// (pid 2): click at 100 ms, the wallet answers at 104 and 106 ms, "Connected" at 110 ms. The
// baseline's (pid 3) has the same marks and must count for nothing.
const events: TraceEvent[] = [
  nav(0, 1, 'reload', `${APP}/`),
  mark('connected', 10_000, 1, 'reload'),
  ...profile(1, 0, [2, 2, 2, 3, 3, 5, 5, 5, 6, 3, 3, 3]),
  nav(90_000, 2, 'click', `${APP}/`),
  mark('click', 100_000, 2, 'click'),
  mark('walletAnswered', 104_000, 2, 'click'),
  mark('walletAnswered', 106_000, 2, 'click'),
  mark('connected', 110_000, 2, 'click'),
  // Samples from 100 ms (the first at 101 ms): idle while the wallet answers, then our work.
  ...profile(2, 100_000, [6, 6, 6, 6, 3, 4, 4, 5, 5, 5, 5, 2]),
  nav(200_000, 3, 'base', `${BASELINE}/`),
  mark('connected', 210_000, 3, 'base'),
  ...profile(3, 200_000, [3, 3, 3, 3, 3, 3, 3, 3, 3, 3]),
];

it('finds a window for each of the app\'s reloads and clicks, and the wallet\'s last answer in a click', () => {
  expect(findWindows(events, APP)).toEqual([
    { kind: 'reload', pid: 1, tid: 1, from: 0, to: 10_000 },
    { kind: 'click', pid: 2, tid: 2, from: 100_000, to: 110_000 },
    { kind: 'answer', pid: 2, tid: 2, from: 106_000, to: 110_000 },
  ]);
});

it('puts each sample inside a window in the bucket of its top frame: a module by path, a library by package, the rest by name', () => {
  const summaries = summarize(events, findWindows(events, APP), resolve);
  const rows = (kind: string) => Object.fromEntries(summaries.find((s) => s.kind === kind)!.rows.map((r) => [r.bucket, Math.round(r.ms)]));
  // Samples at 1..9 ms, 1 ms each (the one at 10 ms is at "Connected"): 3 program, 2 read-ahead, 3 react-dom, 1 idle.
  expect(rows('reload')).toEqual({ '(program)': 3, 'store/readAhead.ts': 2, 'package react-dom': 3, '(idle)': 1 });
  // 101..109 ms: 4 idle, 1 read-ahead, 2 removeChild, 2 react-dom.
  expect(rows('click')).toEqual({ '(idle)': 4, 'store/readAhead.ts': 1, 'native removeChild': 2, 'package react-dom': 2 });
  // 106..109 ms.
  expect(rows('answer')).toEqual({ 'native removeChild': 2, 'package react-dom': 2 });
  expect(summaries.map((s) => [s.kind, s.windows, s.medianMs])).toEqual([
    ['reload', 1, 10],
    ['click', 1, 10],
    ['answer', 1, 4],
  ]);
});

it('writes one table per kind of window, largest first, the rest summed in one row', () => {
  const text = summaryMarkdown(summarize(events, findWindows(events, APP), resolve), 2);
  expect(text).toContain('## navigation -> "Connected" (a returning user\'s reload)\n\n1 windows, median 10.0 ms.');
  const reload = text.split('## ')[1]!;
  expect(reload.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| where'))).toEqual(['| (program) | 3.0 |', '| package react-dom | 3.0 |', '| (2 more) | 3.0 |']);
});

it('beside the baseline page\'s windows, gives its ms in the same buckets, and counts its own buckets in the rest', () => {
  const app = summarize(events, findWindows(events, APP), resolve);
  const base = summarize(events, findWindows(events, BASELINE), resolve);
  // The baseline's document: one reload, 1..9 ms all in read-ahead's bucket (node 3 of its profile).
  expect(base.map((b) => [b.kind, b.windows, b.medianMs])).toEqual([['reload', 1, 10]]);
  const reload = summaryMarkdown(app, 2, base).split('## ')[1]!;
  expect(reload).toContain('1 windows, median 10.0 ms; baseline 1 windows, median 10.0 ms.');
  expect(reload.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| where'))).toEqual([
    '| (program) | 3.0 | 0.0 |',
    '| package react-dom | 3.0 | 0.0 |',
    '| (2 more) | 3.0 | 9.0 |',
  ]);
  // No baseline window of that kind: the app's table alone.
  expect(summaryMarkdown(app, 2, base).split('## ')[2]).toContain('| where | ms per window |\n|---|---|\n');
});

it('counts a sample that Chromium reports out of order (a negative delta) for no time, never less', () => {
  const reordered = profile(1, 0, [2, 2, 3]);
  // Deltas 1000, 1000, -500, 1500: the second sample is followed by one 0.5 ms before it.
  const chunk = (reordered[1]!.args!['data'] as { timeDeltas: number[] });
  chunk.timeDeltas = [1000, 1000, -500];
  (reordered[2]!.args!['data'] as { timeDeltas: number[]; cpuProfile: { samples: number[] } }).cpuProfile.samples = [5];
  (reordered[2]!.args!['data'] as { timeDeltas: number[] }).timeDeltas = [1500];
  const trace = [nav(0, 1, 'reload', `${APP}/`), mark('connected', 10_000, 1, 'reload'), ...reordered];
  const rows = summarize(trace, findWindows(trace, APP), resolve)[0]!.rows;
  expect(rows.every((r) => r.ms >= 0)).toBe(true);
  expect(Object.fromEntries(rows.map((r) => [r.bucket, r.ms]))).toEqual({ '(program)': 1, 'store/readAhead.ts': 1.5, 'package react-dom': 0 });
});

it('names buckets from the build\'s own source maps', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-trace-'));
  mkdirSync(path.join(dist, 'js'));
  // "AAAA": generated line 1 column 0 -> source 0 line 1 column 0; ",UAAU": column 10 -> source 1.
  writeFileSync(
    path.join(dist, 'js', 'main.abc.js.map'),
    JSON.stringify({ version: 3, file: 'main.abc.js', sources: ['webpack://walletdeck/./src/lib/keccak.ts', 'webpack://walletdeck/./node_modules/@reduxjs/toolkit/dist/redux-toolkit.modern.mjs'], names: [], mappings: 'AAAA,UCAA' }),
  );
  const fromMaps = buildResolver(dist);
  const frame = (columnNumber: number) => ({ functionName: 'f', url: MAIN, lineNumber: 0, columnNumber });
  expect(bucketOf(frame(0), fromMaps)).toBe('src/lib/keccak.ts');
  expect(bucketOf(frame(12), fromMaps)).toBe('package @reduxjs/toolkit');
  expect(bucketOf({ functionName: 'g', url: `${APP}/js/other.js`, lineNumber: 0, columnNumber: 0 }, fromMaps)).toBe('(unmapped) other.js');
  expect(bucketOf({ functionName: 'fetch', url: '', lineNumber: -1, columnNumber: -1 }, fromMaps)).toBe('native fetch');
});
