// `npm start`: an embedded local chain (anvil, chain 31337, 127.0.0.1:8545, funded test accounts)
// plus the development server. Ctrl-C stops both.
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const anvilBin = path.join(root, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');
const rpcUrl = 'http://127.0.0.1:8545';

async function waitForChain(url, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

async function main() {
  const children = [];
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  if (await waitForChain(rpcUrl, 200)) {
    console.log(`A chain already answers on ${rpcUrl}; using it.`);
  } else {
    const anvil = spawn(anvilBin, ['--chain-id', '31337', '--port', '8545', '--host', '127.0.0.1'], { stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(anvil);
    anvil.on('exit', (code) => {
      console.error(`anvil exited (${code}); stopping.`);
      stop();
    });
    if (!(await waitForChain(rpcUrl, 10_000))) throw new Error('anvil did not start on 127.0.0.1:8545');
  }
  const { setupDevChain } = require('./devchain');
  await setupDevChain(rpcUrl);

  const server = spawn(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WALLETDECK_DEV_CHAIN_URL: process.env.WALLETDECK_DEV_CHAIN_URL ?? rpcUrl },
  });
  children.push(server);
  server.on('exit', (code) => {
    console.error(`dev server exited (${code}); stopping.`);
    stop();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
