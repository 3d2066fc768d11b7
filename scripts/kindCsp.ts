// What every wallet kind needs in the shipped Content-Security-Policy, for the build
// (webpack.config.ts; scripts/csp.js writes the policy): each kind's own csp.ts
// (src/lib/connectors/<kind>/csp.ts, found by scripts/kindModules.ts) asked with the build's
// settings. A kind without one reaches no host of its own. Build-time only: the page never loads
// these modules.
import type { KindBuild, KindCsp } from '../src/lib/connectors/kind';
import { kindModules } from './kindModules';

export function kindCspSources(build: KindBuild): KindCsp[] {
  return kindModules('csp').map(({ module, path }) => {
    const { csp } = module as { csp?: unknown };
    if (typeof csp !== 'function') throw new Error(`${path} exports no csp(build)`);
    return (csp as (build: KindBuild) => KindCsp)(build);
  });
}
