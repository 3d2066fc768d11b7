// The reference sign-in backend (server/siwe/), alone: `node scripts/siwe-server.js`, configured by
// SIWE_* environment variables and an optional JSON file (server/siwe/README.md). Prints one line
// once it listens; stops on Ctrl-C, SIGTERM or SIGHUP, closing its store. A setting that is wrong
// stops it at once, one line per problem, exit code 1.
//
// From another script (`npm start`): `require('./siwe-server').startFromEnv(process.env, defaults)`
// resolves with `{ url, port, close }`, or rejects with an Error whose message lists the problems.
const path = require('node:path');

// The backend is TypeScript (it shares the app's signature check): ts-node compiles it as it loads,
// with swc and the project's settings, unless the calling process registered ts-node already.
if (!process[Symbol.for('ts-node.register.instance')]) {
  require('ts-node').register({ swc: true, project: path.resolve(__dirname, '../tsconfig.json') });
}
const { readSiweConfig, startSiweServer } = require('../server/siwe/index.ts');

/**
 * Reads the settings (SIWE_* over SIWE_CONFIG's file over `defaults`) and starts the backend.
 * @param {Record<string, string | undefined>} env
 * @param {Partial<import('../server/siwe/config').SiweConfig>} [defaults]
 * @returns {Promise<import('../server/siwe/server').RunningSiweServer>}
 */
async function startFromEnv(env, defaults = {}) {
  const read = readSiweConfig(env, defaults);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return startSiweServer(read.config);
}

module.exports = { startFromEnv };

if (require.main === module) {
  /** @type {Promise<{ close(): Promise<void> } | undefined>} */
  let running = Promise.resolve(undefined);
  let stopping = false;
  // Ready before anything starts: a signal during the start stops the backend once it is up.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    running
      .then((server) => server?.close())
      .then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
  running = startFromEnv(process.env).then(
    (server) => {
      if (!stopping) console.log(`Sign-in backend listening on ${server.url}`);
      return server;
    },
    (error) => {
      console.error(`siwe-server: ${error.message}`);
      process.exit(1);
    },
  );
}
