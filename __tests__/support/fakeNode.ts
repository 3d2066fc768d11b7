// A fake chain node behind every URL of a chain table, for saga tests that follow transactions:
// answers probes, receipts (set by the test), balances and block numbers over a fetch function.
import { buildChainTable } from '../../src/lib/chainDefaults';

const DEV_URL = 'http://127.0.0.1:8545';

export class FakeNode {
  receipts = new Map<string, unknown>();
  readonly calls: string[] = [];
  /** Every call with its parameters, in order (`calls` holds the methods alone). */
  readonly requests: Array<{ method: string; params: unknown[] }> = [];
  constructor(private readonly chains = buildChainTable({}, DEV_URL)) {}

  chainIdOf(url: string): number {
    const entry = Object.values(this.chains).find((c) => c.rpcUrls.includes(url));
    return entry?.id ?? 0;
  }

  answer(url: string, method: string, params: unknown[]): unknown {
    this.calls.push(method);
    this.requests.push({ method, params });
    switch (method) {
      case 'eth_chainId':
        return `0x${this.chainIdOf(url).toString(16)}`;
      case 'eth_getTransactionReceipt': {
        const receipt = this.receipts.get(params[0] as string);
        return receipt === undefined ? null : receipt;
      }
      case 'eth_getBalance':
        return '0xde0b6b3a7640000';
      case 'eth_blockNumber':
        return '0x10';
      default:
        throw new Error(`fake node: no ${method}`);
    }
  }

  fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init.body)) as { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[];
    const one = (call: { id: number; method: string; params: unknown[] }) => {
      try {
        return { jsonrpc: '2.0', id: call.id, result: this.answer(url, call.method, call.params) };
      } catch (error) {
        return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: String(error) } };
      }
    };
    const out = Array.isArray(body) ? body.map(one) : one(body);
    return new Response(JSON.stringify(out), { status: 200, headers: { 'content-type': 'application/json' } });
  };

  mined(hash: string, block: number, success = true): void {
    this.receipts.set(hash, { transactionHash: hash, blockNumber: `0x${block.toString(16)}`, status: success ? '0x1' : '0x0' });
  }
}

