// Prints one plain closing line ("jest: N passed, N failed, N skipped") that any CI can read, and
// before it the slowest test files, so that where the suite's time goes is visible in every run.
class SummaryReporter {
  constructor() {
    this.durations = [];
  }

  onTestResult(_test, result) {
    const { start, end } = result.perfStats;
    if (start && end) this.durations.push({ file: result.testFilePath.replace(`${process.cwd()}/`, ''), seconds: (end - start) / 1000 });
  }

  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, numRuntimeErrorTestSuites } = results;
    const failed = numFailedTests + numRuntimeErrorTestSuites;
    if (this.durations.length > 1) {
      const total = this.durations.reduce((sum, d) => sum + d.seconds, 0);
      const slowest = [...this.durations].sort((a, b) => b.seconds - a.seconds).slice(0, 8);
      process.stdout.write(`\nSlowest test files (of ${total.toFixed(0)} suite-seconds):\n`);
      for (const d of slowest) process.stdout.write(`  ${d.seconds.toFixed(1).padStart(6)} s  ${d.file}\n`);
    }
    process.stdout.write(`\njest: ${numPassedTests} passed, ${failed} failed, ${numPendingTests + numTodoTests} skipped\n`);
  }
}
module.exports = SummaryReporter;
