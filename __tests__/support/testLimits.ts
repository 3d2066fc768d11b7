// Run before every test file (jest.config.js): the one limit of every test and hook that sets none.
import { TEST_TIMEOUT_MS } from './lifecycle';

jest.setTimeout(TEST_TIMEOUT_MS);
