// `npm start`: an embedded local chain (anvil, chain 31337, 127.0.0.1:8545 or WALLETDECK_DEV_CHAIN_PORT,
// funded test accounts) plus the development server. anvil's banner (the test keys) is shown, its
// per-request log is not. A port that is taken, or another chain on the chain's port, ends the start
// with one clear line and exit code 1. Every way out stops anvil and the development server with it
// (the development wallets' servers run in this process): Ctrl-C, SIGTERM, SIGHUP (the terminal
// closed), a reader that went away (`npm start | head -1`), an uncaught error, either child ending.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { bannerOnly } = require('./anvilLog');
// chainCheck registers ts-node: the settings' checks are TypeScript (the app's and each wallet kind's).
const { checkChainSettings } = require('./chainCheck');
const { checkBuildEnv } = require('./buildEnv.ts');
const { DEVELOPMENT_CHAIN_ID, answeringChainId, foreignChainMessage } = require('./chainOnPort');
const devWallets = require('./dev');
const { devPortTakenMessage, portTaken } = require('./portCheck');

const root = path.resolve(__dirname, '..');
const anvilBin = path.join(root, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');
const chainPort = Number(process.env.WALLETDECK_DEV_CHAIN_PORT?.trim() || 8545);
const rpcUrl = `http://127.0.0.1:${chainPort}`;

/** A problem the developer can fix; printed as one line, without a stack trace. */
class StartError extends Error {}

/** anvil and the dev server, stopped with us. */
const children = [];

/** How long anvil and the dev server get to end after SIGTERM before they are killed. */
const CHILDREN_STOP_MS = 5_000;
let stopping = false;
/** The sign-in backend (server/siwe), run in this process beside the app; closed (its store too) on the way out. */
let backend;

const running = (child) => child.exitCode === null && child.signalCode === null;

/**
 * The one way out once anything may run: stops anvil and the dev server, waits for them (at most
 * CHILDREN_STOP_MS, then kills them), then exits with `code`. Only the first call counts.
 */
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  const closed = backend ? backend.close().catch(() => undefined) : Promise.resolve();
  const exit = (status) => void closed.then(() => process.exit(status));
  const left = children.filter(running);
  if (left.length === 0) return exit(code);
  let waiting = left.length;
  for (const child of left) {
    child.once('exit', () => {
      waiting -= 1;
      if (waiting === 0) exit(code);
    });
    child.kill('SIGTERM');
  }
  setTimeout(() => {
    for (const child of left.filter(running)) child.kill('SIGKILL');
    exit(code);
  }, CHILDREN_STOP_MS);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => shutdown(0));
// A reader that went away (`npm start | head -1`): the next write fails with EPIPE, emitted here
// instead of crashing; it is a normal way out. Any other failure to write is an error.
process.stdout.on('error', (error) => shutdown(error.code === 'EPIPE' ? 0 : 1));
process.stderr.on('error', (error) => shutdown(error.code === 'EPIPE' ? 0 : 1));
/** A mistake of ours: reported (on a stderr that may be gone), then the same way out. */
function crashed(error) {
  try {
    console.error(error);
  } finally {
    shutdown(1);
  }
}
process.on('uncaughtException', crashed);
process.on('unhandledRejection', crashed);

/**
 * Starts a child that is stopped with us. None once stopping has begun: a signal can land between two
 * steps of the start, and a child started after it would outlive us.
 */
function startChild(command, args, options) {
  if (stopping) throw new StartError('stopping');
  const child = spawn(command, args, options);
  children.push(child);
  return child;
}

async function main() {
  // The same checks as the build, before anything starts (PORT and the chain file among them).
  const problems = [...checkBuildEnv(process.env), ...checkChainSettings(process.env)];
  if (problems.length > 0) throw new StartError(problems.join('\n'));
  const port = Number(process.env.PORT || 3000);
  if (await portTaken(port)) {
    throw new StartError(devPortTakenMessage(port));
  }
  const walletPlan = devWallets.planDevWallets(process.env);
  const walletPortProblem = await devWallets.devWalletPortProblem(walletPlan);
  if (walletPortProblem) throw new StartError(walletPortProblem);

  // Something holds the chain's port: it is used only when it is the development chain itself (a
  // busy node gets seconds to answer, so a slow machine never turns it into "not a chain").
  if (await portTaken(chainPort)) {
    const answering = await answeringChainId(rpcUrl, 5_000);
    if (answering === undefined) {
      throw new StartError(`Port ${chainPort} is already in use by something that is not a JSON-RPC chain: stop it, the local chain needs that port.`);
    }
    if (answering !== DEVELOPMENT_CHAIN_ID) throw new StartError(foreignChainMessage(rpcUrl, answering));
    console.log(`A chain already answers on ${rpcUrl}; using it.`);
  } else {
    const anvil = startChild(anvilBin, ['--chain-id', '31337', '--port', String(chainPort), '--host', '127.0.0.1'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    anvil.stdout.on('data', bannerOnly((text) => process.stdout.write(text)));
    anvil.on('exit', (code) => {
      if (stopping) return;
      console.error(`anvil exited (${code}); stopping.`);
      shutdown(1);
    });
    if ((await answeringChainId(rpcUrl, 10_000)) === undefined) throw new StartError(`anvil did not start on ${rpcUrl}`);
  }
  const { setupDevChain, gatewayEnv } = require('./devchain');
  const { gateway } = await setupDevChain(rpcUrl);
  const wallets = await devWallets.startDevWallets(walletPlan, rpcUrl).catch((error) => {
    throw new StartError(`the development wallets did not start: ${error.message}`);
  });

  // Sign-in (docs/behaviour.md §13): the reference backend on PORT + 3, unless the user names their own.
  const signIn = {};
  if (!process.env.WALLETDECK_SIGN_IN_URL?.trim()) {
    backend = await require('./siwe-server')
      .startFromEnv(process.env, {
        port: port + 3,
        allowedOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
        chains: { 31337: rpcUrl },
        statement: 'Sign in to Walletdeck',
        // One store per port: two `npm start`s on other ports never fight over one SQLite file's owner lock.
        storePath: path.join(root, `node_modules/.cache/walletdeck-siwe/store-${port + 3}.sqlite`),
      })
      .catch((error) => {
        throw new StartError(`the sign-in backend did not start: ${error.message}`);
      });
    signIn.WALLETDECK_SIGN_IN_URL = backend.url;
    console.log(`Sign-in backend listening on ${backend.url}`);
  }

  const server = startChild(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...gatewayEnv(gateway), ...process.env, WALLETDECK_DEV_CHAIN_URL: process.env.WALLETDECK_DEV_CHAIN_URL || rpcUrl, ...wallets.env, ...signIn },
  });
  server.on('exit', (code) => {
    if (stopping) return;
    console.error(`dev server exited (${code}); stopping.`);
    shutdown(code === 0 ? 0 : 1);
  });
  const appUrl = `http://127.0.0.1:${port}`;
  if (await devWallets.waitForApp(appUrl)) console.log(`\n${wallets.instructions(appUrl).join('\n')}\n`);
}

main().catch((error) => {
  // Already on the way out (a signal, a closed pipe): whatever the start was doing no longer matters.
  if (stopping) return;
  if (error instanceof StartError) console.error(`npm start: ${error.message}`);
  else console.error(error);
  shutdown(1);
});
