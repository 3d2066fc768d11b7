// Where the main thread's time goes in a `BENCH_TRACE` run of `npm run bench:reconnect`: the
// renderer's CPU samples inside each measured window (a reload: navigation -> "Connected"; a click:
// click -> "Connected", and the wallet's last answer -> "Connected"), put in buckets by the source
// file they run (through the build's source maps: our modules by path, a library by its package) or
// by what the engine and the browser do outside JavaScript. The table says per round how many ms
// each bucket took, so that a change on the path shows up as a row that moved.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { median } from './median';

/** One event of a Chromium trace (the fields this reads). */
export interface TraceEvent {
  name: string;
  ph?: string;
  ts: number;
  pid: number;
  tid: number;
  id?: string;
  cat?: string;
  args?: Record<string, unknown>;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

/** A source position of the build: the module's path as the source map names it. */
export type Resolve = (url: string, line: number, column: number) => string | undefined;

/** One measured window on one page's main thread, in trace microseconds. */
export interface Window {
  kind: WindowKind;
  pid: number;
  tid: number;
  from: number;
  to: number;
}

export type WindowKind = 'reload' | 'click' | 'answer';

export const WINDOW_TITLES: Record<WindowKind, string> = {
  reload: 'navigation -> "Connected" (a returning user\'s reload)',
  click: 'click in the wallet list -> "Connected"',
  answer: 'the wallet\'s last answer -> "Connected" (after a click)',
};

/** A sample longer than this is a gap in the profile (the thread was not sampled), not time spent. */
const MAX_SAMPLE_US = 10_000;

const data = (e: TraceEvent) => (e.args?.['data'] ?? {}) as Record<string, unknown>;

/**
 * The windows of the app's pages (documents loaded from `origin`): from the bench's user-timing marks
 * (`bench:click`, `bench:walletAnswered`, `bench:connected`) and each document's navigationStart.
 */
export function findWindows(events: readonly TraceEvent[], origin: string): Window[] {
  const starts = new Map<string, TraceEvent>();
  for (const e of events) {
    const url = data(e)['documentLoaderURL'];
    const navigation = data(e)['navigationId'];
    if (e.name === 'navigationStart' && typeof url === 'string' && typeof navigation === 'string' && url.startsWith(origin)) starts.set(navigation, e);
  }
  const marks = new Map<string, Map<string, TraceEvent[]>>();
  for (const e of events) {
    const navigation = data(e)['navigationId'];
    if (!e.name.startsWith('bench:') || typeof navigation !== 'string' || !starts.has(navigation)) continue;
    let byName = marks.get(navigation);
    if (!byName) marks.set(navigation, (byName = new Map()));
    const list = byName.get(e.name) ?? [];
    list.push(e);
    byName.set(e.name, list);
  }
  const windows: Window[] = [];
  for (const [navigation, byName] of marks) {
    const start = starts.get(navigation)!;
    const first = (name: string) => byName.get(name)?.reduce((a, b) => (b.ts < a.ts ? b : a));
    const connected = first('bench:connected');
    if (!connected) continue;
    const at = { pid: connected.pid, tid: connected.tid };
    const click = first('bench:click');
    if (!click) {
      windows.push({ kind: 'reload', ...at, from: start.ts, to: connected.ts });
      continue;
    }
    windows.push({ kind: 'click', ...at, from: click.ts, to: connected.ts });
    const answers = (byName.get('bench:walletAnswered') ?? []).filter((e) => e.ts >= click.ts && e.ts <= connected.ts);
    const last = answers.reduce<TraceEvent | undefined>((a, b) => (a === undefined || b.ts > a.ts ? b : a), undefined);
    if (last) windows.push({ kind: 'answer', ...at, from: last.ts, to: connected.ts });
  }
  return windows.sort((a, b) => a.from - b.from);
}

/** The bucket of a sample's top frame. */
export function bucketOf(frame: CallFrame, resolve: Resolve): string {
  if (!frame.url) {
    if (frame.functionName.startsWith('(')) return frame.functionName;
    return `native ${frame.functionName || '(anonymous)'}`;
  }
  const source = resolve(frame.url, frame.lineNumber, frame.columnNumber);
  if (!source) return `(unmapped) ${path.basename(new URL(frame.url, 'http://x/').pathname) || frame.url}`;
  const local = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(local);
  return pkg ? `package ${pkg[1]}` : local;
}

/** Each sample of the renderers' profiles: its thread, time and top frame. */
function* samples(events: readonly TraceEvent[]): Generator<{ pid: number; tid: number; ts: number; us: number; frame: CallFrame }> {
  const profiles = new Map<string, { pid: number; tid: number; start: number; nodes: Map<number, ProfileNode>; ids: number[]; deltas: number[] }>();
  for (const e of events) {
    if (e.name === 'Profile' && e.id !== undefined) {
      const start = Number(data(e)['startTime']);
      profiles.set(`${e.pid}:${e.id}`, { pid: e.pid, tid: e.tid, start, nodes: new Map(), ids: [], deltas: [] });
    }
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.id === undefined) continue;
    const profile = profiles.get(`${e.pid}:${e.id}`);
    if (!profile) continue;
    const chunk = data(e) as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
    for (const node of chunk.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    profile.ids.push(...(chunk.cpuProfile?.samples ?? []));
    profile.deltas.push(...(chunk.timeDeltas ?? []));
  }
  for (const profile of profiles.values()) {
    let ts = profile.start;
    for (let i = 0; i < profile.ids.length; i++) {
      ts += profile.deltas[i] ?? 0;
      const next = profile.deltas[i + 1] ?? 0;
      const node = profile.nodes.get(profile.ids[i]!);
      if (!node) continue;
      // Chromium's deltas can be negative (samples out of order): such a sample counts for no time.
      yield { pid: profile.pid, tid: profile.tid, ts, us: Math.max(0, Math.min(next, MAX_SAMPLE_US)), frame: node.callFrame };
    }
  }
}

export interface BucketRow {
  bucket: string;
  /** Mean ms per window. */
  ms: number;
}

export interface WindowSummary {
  kind: WindowKind;
  windows: number;
  /** Median length of the windows, ms. */
  medianMs: number;
  rows: BucketRow[];
}

/** Per kind of window: how many, their median length, and the mean ms per window of each bucket, largest first. */
export function summarize(events: readonly TraceEvent[], windows: readonly Window[], resolve: Resolve): WindowSummary[] {
  const totals = new Map<WindowKind, Map<string, number>>();
  const byThread = new Map<string, Window[]>();
  for (const w of windows) {
    const key = `${w.pid}:${w.tid}`;
    byThread.set(key, [...(byThread.get(key) ?? []), w]);
  }
  const buckets = new Map<string, string>();
  for (const sample of samples(events)) {
    const inside = byThread.get(`${sample.pid}:${sample.tid}`)?.filter((w) => sample.ts >= w.from && sample.ts < w.to);
    if (!inside?.length) continue;
    const frameKey = `${sample.frame.url}|${sample.frame.lineNumber}|${sample.frame.columnNumber}|${sample.frame.functionName}`;
    let bucket = buckets.get(frameKey);
    if (bucket === undefined) buckets.set(frameKey, (bucket = bucketOf(sample.frame, resolve)));
    for (const w of inside) {
      let rows = totals.get(w.kind);
      if (!rows) totals.set(w.kind, (rows = new Map()));
      rows.set(bucket, (rows.get(bucket) ?? 0) + sample.us);
    }
  }
  const kinds: WindowKind[] = ['reload', 'click', 'answer'];
  return kinds
    .map((kind) => {
      const ofKind = windows.filter((w) => w.kind === kind);
      const medianMs = median(ofKind.map((w) => (w.to - w.from) / 1000));
      const rows = [...(totals.get(kind) ?? new Map<string, number>()).entries()]
        .map(([bucket, us]) => ({ bucket, ms: us / 1000 / ofKind.length }))
        .sort((a, b) => b.ms - a.ms);
      return { kind, windows: ofKind.length, medianMs, rows };
    })
    .filter((s) => s.windows > 0);
}

/**
 * The summary as Markdown: one table per kind of window, its largest `top` buckets. With the baseline
 * page's summary beside it, each row also gives the baseline's ms in the same bucket: what the app
 * adds over the bare page is the difference.
 */
export function summaryMarkdown(summaries: readonly WindowSummary[], top = 15, baseline: readonly WindowSummary[] = []): string {
  const lines = [
    "# Where the main thread's time went",
    '',
    "Written by `npm run bench:reconnect` with `BENCH_TRACE` (scripts/benchTrace.ts): the renderer's CPU samples in each measured window of the app, by the source file they ran (a library by its package) or by what ran outside JavaScript: `(program)` is the engine and the browser (the navigation, parsing, style, layout), `native` a browser function called from JavaScript, `(idle)` waiting. The baseline column is the bare page's, in the same windows.",
    '',
  ];
  const ms = (x: number) => x.toFixed(1);
  for (const s of summaries) {
    const base = baseline.find((b) => b.kind === s.kind);
    const baseMs = new Map(base?.rows.map((r) => [r.bucket, r.ms]) ?? []);
    const counts = `${s.windows} windows, median ${s.medianMs.toFixed(1)} ms${base ? `; baseline ${base.windows} windows, median ${base.medianMs.toFixed(1)} ms` : ''}.`;
    lines.push(`## ${WINDOW_TITLES[s.kind]}`, '', counts, '', base ? '| where | ms per window | baseline |' : '| where | ms per window |', base ? '|---|---|---|' : '|---|---|');
    const cell = (bucket: string) => (base ? ` ${ms(baseMs.get(bucket) ?? 0)} |` : '');
    const topRows = s.rows.slice(0, top);
    for (const row of topRows) lines.push(`| ${row.bucket.replace(/\|/g, '\\|')} | ${ms(row.ms)} |${cell(row.bucket)}`);
    const shown = new Set(topRows.map((r) => r.bucket));
    const rest = s.rows.slice(top).reduce((sum, r) => sum + r.ms, 0);
    const baseRest = [...baseMs.entries()].filter(([bucket]) => !shown.has(bucket)).reduce((sum, [, x]) => sum + x, 0);
    if (rest > 0 || baseRest > 0) lines.push(`| (${Math.max(s.rows.length - top, 0)} more) | ${ms(rest)} |${base ? ` ${ms(baseRest)} |` : ''}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** Resolves positions of the scripts a build serves under `/js/` through their `.map` files in `distDir/js`. */
export function buildResolver(distDir: string): Resolve {
  const maps = new Map<string, SourceMapConsumer | null>();
  return (url, line, column) => {
    const pathname = new URL(url, 'http://x/').pathname;
    if (!pathname.startsWith('/js/')) return undefined;
    const file = path.basename(pathname);
    let map = maps.get(file);
    if (map === undefined) {
      try {
        map = new SourceMapConsumer(JSON.parse(readFileSync(path.join(distDir, 'js', `${file}.map`), 'utf8')) as RawSourceMap);
      } catch {
        map = null;
      }
      maps.set(file, map);
    }
    // A profile's positions are 0-based; a source map's lines are 1-based, its columns 0-based.
    return map?.originalPositionFor({ line: line + 1, column }).source ?? undefined;
  };
}
