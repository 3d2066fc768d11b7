// The wallet kinds' build-time modules: beside its index.ts, a kind's folder may hold a
// buildSettings.ts (its environment variables and their checks) and a csp.ts (the hosts the shipped
// policy must allow). The build finds them by the kind's id (CONNECTION_IDS), so the ids stay the one
// list of kinds and no central file names one. Build-time only: the page never loads these modules.
import path from 'node:path';
import { isObject } from '../src/lib/guards';
import { CONNECTION_IDS } from '../src/lib/connectors/types';

const CONNECTORS = path.resolve(__dirname, '../src/lib/connectors');

/** Whether `error` says that `request` itself is missing (not a module it imports). */
function isMissing(error: unknown, request: string): boolean {
  return isObject(error) && error['code'] === 'MODULE_NOT_FOUND' && String(error['message']).includes(request);
}

/**
 * `src/lib/connectors/<kind>/<file>` of every kind that has one, in the kinds' order, with its path
 * (from the project folder, for messages). Loaded by `require`, so a module registered in its place
 * (the recipe test's kind) is found as a file would be.
 */
export function kindModules(file: 'buildSettings' | 'csp'): { module: Record<string, unknown>; path: string }[] {
  return CONNECTION_IDS.flatMap((id) => {
    const request = path.join(CONNECTORS, id, file);
    let module: unknown;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the kind's module is found by its id: the ids stay the one list
      module = require(request);
    } catch (error) {
      if (isMissing(error, request)) return [];
      throw error;
    }
    const shown = path.relative(path.resolve(__dirname, '..'), `${request}.ts`);
    if (!isObject(module)) throw new Error(`${shown} exports nothing`);
    return [{ module, path: shown }];
  });
}
