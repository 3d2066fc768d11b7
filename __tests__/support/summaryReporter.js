// Prints one plain closing line ("jest: N passed, N failed, N skipped") that any CI can read, and
// before it the slowest test files, so that where the suite's time goes is visible in every run:
// how long the run waited before its first file started (global set-up: the build, the chain, the
// browser), and how long only one file was running while the other worker had nothing left to do.
// With WALLETDECK_TIMELINE=<file> it also writes every file's start and end (seconds from the run's
// start) to that file as JSON, to see the order the workers took them in.
const { readFileSync, writeFileSync } = require('node:fs');

class SummaryReporter {
  constructor() {
    this.durations = [];
    this.runStart = Date.now();
  }

  onRunStart() {
    this.runStart = Date.now();
  }

  onTestResult(_test, result) {
    const { start, end } = result.perfStats;
    if (start && end) this.durations.push({ file: result.testFilePath.replace(`${process.cwd()}/`, ''), start, end, seconds: (end - start) / 1000 });
  }

  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, numRuntimeErrorTestSuites } = results;
    const failed = numFailedTests + numRuntimeErrorTestSuites;
    if (this.durations.length > 1) {
      const total = this.durations.reduce((sum, d) => sum + d.seconds, 0);
      const slowest = [...this.durations].sort((a, b) => b.seconds - a.seconds).slice(0, 8);
      process.stdout.write(`\nSlowest test files (of ${total.toFixed(0)} suite-seconds):\n`);
      for (const d of slowest) process.stdout.write(`  ${d.seconds.toFixed(1).padStart(6)} s  ${d.file}\n`);
      const firstStart = Math.min(...this.durations.map((d) => d.start));
      const lastEnd = Math.max(...this.durations.map((d) => d.end));
      process.stdout.write(`First file started ${((firstStart - this.runStart) / 1000).toFixed(1)} s into the run; files ran for ${((lastEnd - firstStart) / 1000).toFixed(1)} s, ${(soloSeconds(this.durations) / 1000).toFixed(1)} s of it with only one file running.\n`);
      const build = buildOutcome();
      if (build?.startedAt && build.endedAt) process.stdout.write(`The production build for the browser files took ${((build.endedAt - build.startedAt) / 1000).toFixed(1)} s, done ${((build.endedAt - this.runStart) / 1000).toFixed(1)} s into the run.\n`);
      const timeline = process.env.WALLETDECK_TIMELINE;
      if (timeline) {
        const rows = [...this.durations]
          .sort((a, b) => a.start - b.start)
          .map((d) => ({ file: d.file, start: (d.start - this.runStart) / 1000, end: (d.end - this.runStart) / 1000 }));
        writeFileSync(timeline, JSON.stringify(rows, null, 1));
      }
    }
    process.stdout.write(`\njest: ${numPassedTests} passed, ${failed} failed, ${numPendingTests + numTodoTests} skipped\n`);
  }
}

/** The run's build outcome (globalSetup writes it beside the env file), if this run made one. */
function buildOutcome() {
  try {
    const env = JSON.parse(readFileSync(process.env.E2E_ENV_FILE, 'utf8'));
    return JSON.parse(readFileSync(env.buildFile, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Milliseconds in which exactly one file was running (a worker idle while work remained elsewhere). */
function soloSeconds(durations) {
  const events = durations.flatMap((d) => [
    { at: d.start, step: 1 },
    { at: d.end, step: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.step - b.step);
  let running = 0;
  let since = 0;
  let solo = 0;
  for (const e of events) {
    if (running === 1) solo += e.at - since;
    running += e.step;
    since = e.at;
  }
  return solo;
}

module.exports = SummaryReporter;
