// Puts the development smart account's pieces on the local chain (anvil), for `npm start` and the
// tests: its factory at the address the popup computes (the deployer's first contract), ether for the
// stand-in bundler's gas, and ether at the account's address before it exists, so its
// first batch can pay. Run again on the same chain it changes nothing that is already there.
import { rpc } from '../shared/requests';
import { DEV_SMART_DEPLOYER, DEV_SMART_FACTORY, DEV_SMART_OWNER_KEY, FACTORY_BYTECODE, smartAccountInfo, type SmartAccountInfo } from './smartAccount';

const ETH = 10n ** 18n;
const hex = (value: bigint) => `0x${value.toString(16)}`;
/** How long a deployment may take to be mined (anvil mines at once; with --block-time, a block later). */
const MINED_MS = 30_000;

async function balanceOf(chainUrl: string, address: string): Promise<bigint> {
  return BigInt(await rpc<string>(chainUrl, 'eth_getBalance', [address, 'latest']));
}

async function hasCode(chainUrl: string, address: string): Promise<boolean> {
  const code = await rpc<string>(chainUrl, 'eth_getCode', [address, 'latest']);
  return typeof code === 'string' && code !== '0x';
}

async function minedReceipt(chainUrl: string, hash: string): Promise<{ status?: string }> {
  const deadline = Date.now() + MINED_MS;
  while (Date.now() < deadline) {
    const receipt = await rpc<{ status?: string } | null>(chainUrl, 'eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the development smart account's factory was not mined within ${MINED_MS / 1000} s`);
}

async function deployFactory(chainUrl: string): Promise<void> {
  if (await hasCode(chainUrl, DEV_SMART_FACTORY)) return;
  const nonce = BigInt(await rpc<string>(chainUrl, 'eth_getTransactionCount', [DEV_SMART_DEPLOYER, 'latest']));
  if (nonce !== 0n) throw new Error(`the smart account factory's deployer ${DEV_SMART_DEPLOYER} has sent before, so the factory cannot be at ${DEV_SMART_FACTORY}`);
  await rpc(chainUrl, 'anvil_setBalance', [DEV_SMART_DEPLOYER, hex(10n * ETH)]);
  await rpc(chainUrl, 'anvil_impersonateAccount', [DEV_SMART_DEPLOYER]);
  try {
    const hash = await rpc<string>(chainUrl, 'eth_sendTransaction', [{ from: DEV_SMART_DEPLOYER, data: FACTORY_BYTECODE }]);
    const receipt = await minedReceipt(chainUrl, hash);
    if (receipt.status !== '0x1') throw new Error('the smart account factory reverted when deployed');
  } finally {
    await rpc(chainUrl, 'anvil_stopImpersonatingAccount', [DEV_SMART_DEPLOYER]);
  }
}

/**
 * Makes the chain at `chainUrl` ready for the smart account of `ownerKey` (default: the development
 * one) and returns what the popup needs to know of it.
 */
export async function prepareDevSmartAccount(chainUrl: string, ownerKey: string = DEV_SMART_OWNER_KEY): Promise<SmartAccountInfo> {
  await deployFactory(chainUrl);
  const info = smartAccountInfo(ownerKey);
  if ((await balanceOf(chainUrl, info.bundler)) < 10n * ETH) await rpc(chainUrl, 'anvil_setBalance', [info.bundler, hex(1000n * ETH)]);
  // Ether to spend, as anvil's test accounts have; topped up only when spent (a restart keeps what the user did).
  if ((await balanceOf(chainUrl, info.address)) < ETH) await rpc(chainUrl, 'anvil_setBalance', [info.address, hex(100n * ETH)]);
  return info;
}
