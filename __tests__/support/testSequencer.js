// The order the two workers take test files in. The browser files come last: the run's production build
// (globalSetup) is made beside the unit and DOM files, which need none, so they keep both cores busy
// meanwhile. Within each group the longest files go first, so the run does not end with one worker on
// a long file while the other has nothing left. How long a file takes: jest's own record of the last
// run on this machine when it has one, else testSeconds.json (measured on this 2-core machine; refresh
// it from a run with WALLETDECK_TIMELINE set), else a guess from the file's size.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const measured = require('./testSeconds.json');

const root = path.resolve(__dirname, '../..');
/** Unknown files: about a second per 2 KB of test code (the table's files average more). */
const BYTES_PER_SECOND = 2000;

class BuildAwareSequencer extends Sequencer {
  sort(tests) {
    const estimate = new Map();
    for (const test of tests) {
      const cached = this.time(test);
      const relative = path.relative(root, test.path).split(path.sep).join('/');
      const size = test.context.hasteFS.getSize(test.path) ?? 0;
      estimate.set(test.path, cached ?? (measured[relative] !== undefined ? measured[relative] * 1000 : (size / BYTES_PER_SECOND) * 1000));
    }
    const browser = (test) => (test.path.includes(`${path.sep}__tests__${path.sep}e2e${path.sep}`) ? 1 : 0);
    return [...tests].sort((a, b) => {
      if (browser(a) !== browser(b)) return browser(a) - browser(b);
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      return estimate.get(b.path) - estimate.get(a.path) || (a.path < b.path ? -1 : 1);
    });
  }
}

module.exports = BuildAwareSequencer;
