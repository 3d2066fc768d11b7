// Property test of the wallet slice (docs/behaviour.md §2): >= 10,000 random sequences of every wallet action with
// random, often hostile payloads; after every step the state must still be one that section allows.
import fc from 'fast-check';
import { FUZZ_RUNS, FUZZ_SEED, fuzzFigures, realNow } from '../support/hostile';
import { allowedLists, badId, goodId, runSequence, sequence, type IdSpec } from './sliceModel';
import { LONG_TEST_TIMEOUT_MS } from '../support/lifecycle';

const SEQUENCES = Math.round(10_000 * FUZZ_RUNS);
const BAD_ID_SEQUENCES = Math.round(2_000 * FUZZ_RUNS);

describe('wallet slice under random and hostile actions', () => {
  it(`keeps every invariant of docs/behaviour.md §2 over ${SEQUENCES} sequences of actions for the three kinds`, () => {
    const started = realNow();
    fc.assert(
      fc.property(allowedLists, sequence(goodId), (allowed, steps) => runSequence(allowed, steps)),
      { seed: FUZZ_SEED, numRuns: SEQUENCES },
    );
    fuzzFigures('slice sequences', SEQUENCES, started);
  }, LONG_TEST_TIMEOUT_MS);

  it(`changes nothing and never throws for actions naming no kind (${BAD_ID_SEQUENCES} sequences)`, () => {
    const started = realNow();
    const mixedIds = fc.oneof({ weight: 3, arbitrary: goodId as fc.Arbitrary<IdSpec> }, { weight: 1, arbitrary: badId });
    fc.assert(
      fc.property(allowedLists, sequence(mixedIds), (allowed, steps) => runSequence(allowed, steps)),
      { seed: FUZZ_SEED + 1, numRuns: BAD_ID_SEQUENCES },
    );
    fuzzFigures('slice sequences with bad kind ids', BAD_ID_SEQUENCES, started);
  }, LONG_TEST_TIMEOUT_MS);
});
