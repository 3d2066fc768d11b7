// Run before every browser test file (jest.config.js, e2e project): its first hook waits for the run's
// production build, so every suite's own hooks and tests find it complete.
import { BUILD_MS, builtApp } from './e2eBuild';

beforeAll(async () => {
  await builtApp();
}, BUILD_MS + 60_000);
