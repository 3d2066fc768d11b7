// What every wallet kind of the registry needs in the shipped Content-Security-Policy, for the build
// (webpack.config.ts; scripts/csp.js writes the policy): each kind's own csp.ts
// (src/lib/connectors/<kind>/csp.ts) asked with the build's settings. A kind without one reaches no
// host of its own. Build-time only: the page never loads these modules.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { KindBuild, KindCsp } from '../src/lib/connectors/kind';
import { CONNECTION_IDS } from '../src/lib/connectors/types';

const CONNECTORS = path.resolve(__dirname, '../src/lib/connectors');

export function kindCspSources(build: KindBuild): KindCsp[] {
  return CONNECTION_IDS.flatMap((id) => {
    const file = path.join(CONNECTORS, id, 'csp.ts');
    if (!existsSync(file)) return [];
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the kind's module is found by its id: the registry stays the one list
    const { csp } = require(file) as { csp?: (build: KindBuild) => KindCsp };
    if (typeof csp !== 'function') throw new Error(`${path.relative(process.cwd(), file)} exports no csp(build)`);
    return [csp(build)];
  });
}
