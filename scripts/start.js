// `npm start`: an embedded local chain (anvil, chain 31337, 127.0.0.1:8545 or WALLETDECK_DEV_CHAIN_PORT,
// funded test accounts) plus the development server. Ctrl-C stops both. anvil's banner (the test keys)
// is shown, its per-request log is not. A port that is taken, or another chain on the chain's port,
// ends the start with one clear line and exit code 1.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { bannerOnly } = require('./anvilLog');
const { checkBuildEnv } = require('./buildEnv');
const { checkChainSettings } = require('./chainCheck');
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

  const stop = (code = 0) => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

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
    const anvil = spawn(anvilBin, ['--chain-id', '31337', '--port', String(chainPort), '--host', '127.0.0.1'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(anvil);
    anvil.stdout.on('data', bannerOnly((text) => process.stdout.write(text)));
    anvil.on('exit', (code) => {
      console.error(`anvil exited (${code}); stopping.`);
      stop(1);
    });
    if ((await answeringChainId(rpcUrl, 10_000)) === undefined) throw new StartError(`anvil did not start on ${rpcUrl}`);
  }
  const { setupDevChain } = require('./devchain');
  await setupDevChain(rpcUrl);
  const wallets = await devWallets.startDevWallets(walletPlan, rpcUrl).catch((error) => {
    throw new StartError(`the development wallets did not start: ${error.message}`);
  });

  const server = spawn(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WALLETDECK_DEV_CHAIN_URL: process.env.WALLETDECK_DEV_CHAIN_URL || rpcUrl, ...wallets.env },
  });
  children.push(server);
  server.on('exit', (code) => {
    console.error(`dev server exited (${code}); stopping.`);
    stop(code === 0 ? 0 : 1);
  });
  const appUrl = `http://127.0.0.1:${port}`;
  if (await devWallets.waitForApp(appUrl)) console.log(`\n${wallets.instructions(appUrl).join('\n')}\n`);
}

main().catch((error) => {
  for (const child of children) child.kill('SIGTERM');
  if (error instanceof StartError) console.error(`npm start: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
