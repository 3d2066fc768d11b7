import { readFileSync } from 'node:fs';
import type { E2eEnv } from '../e2e/globalSetup';

export function e2eEnv(): E2eEnv {
  const file = process.env.E2E_ENV_FILE;
  if (!file) throw new Error('E2E_ENV_FILE is not set: run browser tests through jest (globalSetup)');
  return JSON.parse(readFileSync(file, 'utf8')) as E2eEnv;
}
