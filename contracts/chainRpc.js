// The few JSON-RPC calls the contract helpers make of a local chain (anvil): one plain request, a
// transaction's receipt once it is mined, whether an address holds code.
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

let nextId = 1;

/** A hang guard for the wait on another sender, never a margin: a send and its mining take milliseconds. */
const SENDER_WAIT_MS = 120_000;

async function callOnce(url, method, params) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  const body = await res.json();
  if (body.error) throw Object.assign(new Error(`${method}: ${body.error.message}`), { code: body.error.code });
  return body.result;
}

/**
 * An eth_sendTransaction from an unlocked account waits for any other one from the same account to
 * the same chain, in any process, to be mined. anvil picks the nonce itself: two sends at the same
 * moment (browser suites set up the shared chain in parallel) can take the same one, and it refuses
 * one of them ('nonce too low') or leaves one behind a gap, never mined.
 */
async function call(url, method, params = []) {
  const from = method === 'eth_sendTransaction' ? params[0]?.from : undefined;
  if (typeof from !== 'string') return callOnce(url, method, params);
  return oneSenderAtATime(url, from, async () => {
    const hash = await callOnce(url, method, params);
    await mined(url, hash);
    return hash;
  });
}

async function mined(url, hash) {
  // anvil mines at once by default; with --block-time the receipt shows up a little later.
  for (let i = 0; i < 600; i++) {
    const found = await callOnce(url, 'eth_getTransactionReceipt', [hash]);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`transaction ${hash} was not mined`);
}

/** The lock is a directory (mkdir is atomic across processes) holding its owner's pid. */
async function oneSenderAtATime(url, from, work) {
  const key = createHash('sha256').update(`${url} ${from.toLowerCase()}`).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `walletdeck-sender-${key}.lock`);
  const deadline = Date.now() + SENDER_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (ownerGone(dir)) {
        rmSync(dir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`another transaction from ${from} to ${url} was still under way after ${SENDER_WAIT_MS} ms (lock ${dir})`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The lock's owner has exited (a killed run left it behind). */
function ownerGone(dir) {
  let pid;
  try {
    pid = Number(readFileSync(path.join(dir, 'pid'), 'utf8'));
  } catch {
    // Made but not yet named: its owner is between the two calls, unless that was long ago.
    try {
      return Date.now() - statSync(dir).mtimeMs > 10_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}

/** The receipt of a successful transaction; `what` names it when it reverted. */
async function receipt(url, hash, what = `transaction ${hash}`) {
  const found = await mined(url, hash);
  if (found.status !== '0x1') throw new Error(`${what} reverted`);
  return found;
}

async function hasCode(url, address) {
  const code = await call(url, 'eth_getCode', [address, 'latest']);
  return typeof code === 'string' && code !== '0x';
}

module.exports = { call, receipt, hasCode };
