// A real local Ethereum node (anvil from npm) for tests: one process per call, on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { STARTUP_MS } from './lifecycle';
import { freePort } from './ports';
import { untilAsync } from './wait';

export const ANVIL_BIN = path.resolve(__dirname, '../../node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');

/** anvil's deterministic test accounts ("test test ... junk" mnemonic), first three. */
export const TEST_ACCOUNTS = [
  { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
  { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' },
  { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' },
] as const;

export interface Anvil {
  url: string;
  port: number;
  chainId: number;
  stop(): Promise<void>;
}

export async function startAnvil(options: { chainId?: number; port?: number; blockTime?: number } = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 31337;
  const port = options.port ?? (await freePort());
  const args = ['--chain-id', String(chainId), '--port', String(port), '--host', '127.0.0.1', '--silent'];
  if (options.blockTime) args.push('--block-time', String(options.blockTime));
  const child: ChildProcess = spawn(ANVIL_BIN, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  // A hang guard only: anvil listens within ~50 ms on an idle machine.
  const deadline = Date.now() + STARTUP_MS;
  let exited = false;
  child.once('exit', () => (exited = true));
  // A binary that cannot be spawned emits 'error' (unhandled, it would crash the worker).
  child.once('error', () => (exited = true));
  while (true) {
    if (exited) throw new Error(`anvil exited before listening on ${port}`);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not start on ${port}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url,
    port,
    chainId,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** One JSON-RPC call to a node, throwing on a JSON-RPC error. */
export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
  return body.result as T;
}

/**
 * The receipt of a transaction the node accepted. anvil answers eth_sendTransaction before its
 * automine has stored the receipt, so a read right after can be null (seen at load 9): wait for it.
 */
export async function receiptOf<T extends { status: string } = { status: string; blockNumber: string }>(url: string, hash: string): Promise<T> {
  return untilAsync(() => rpc<T | null>(url, 'eth_getTransactionReceipt', [hash]), { what: `the receipt of ${hash}` });
}

/** The chain's latest block number, as its node says. */
export async function blockNumber(url: string): Promise<number> {
  return Number(BigInt(await rpc<string>(url, 'eth_blockNumber')));
}
