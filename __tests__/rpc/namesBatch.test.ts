// ENSIP-21 in the page (docs/behaviour.md §5.5): ENS's Universal Resolver batches its offchain lookups
// as `query((sender, urls, data)[])` with the special URL `x-batch-gateway:true`, which the client
// answers itself: each request through the same rules as any lookup (allowed origins, sender, bounds),
// answered as (bool[] failures, bytes[] responses). A gateway failure the resolver reports back costs
// the name without being taken for "no name". The chain is a scripted stand-in for the resolver's
// eth_calls; the gateways are real HTTP servers.
import { AbiCoder, concat, dataSlice, id } from 'ethers';
import { gatewayPolicy, lookupAccount, type NamesAt } from '../../src/lib/names';
import type { CallResult, EthCall } from '../../src/lib/names/ccip';
import { closeAll, startServer, type TestServer } from './servers';

const coder = AbiCoder.defaultAbiCoder();
const sel = (signature: string) => id(signature).slice(0, 10);
const UR = '0x00000000000000000000000000000000000000aa';
const RESOLVER = '0x00000000000000000000000000000000000000bb';
const ACCOUNT = '0x000000000000000000000000000000000000c0de';
const CALLBACK = sel('resolveCallback(bytes,bytes)');

const lookup = (urls: string[], callData: string, extraData = '0x') =>
  concat([sel('OffchainLookup(address,string[],bytes,bytes4,bytes)'), coder.encode(['address', 'string[]', 'bytes', 'bytes4', 'bytes'], [UR, urls, callData, CALLBACK, extraData])]);
const batch = (requests: Array<[string, string[], string]>) => concat([sel('query((address,string[],bytes)[])'), coder.encode(['(address,string[],bytes)[]'], [requests])]);

let good: TestServer;
let broken: TestServer;
let refused: TestServer;
beforeAll(async () => {
  [good, broken, refused] = await Promise.all([
    startServer({ kind: 'json', body: { data: '0x1234' } }),
    startServer({ kind: 'status', status: 503 }),
    startServer({ kind: 'json', body: { data: '0x99' } }),
  ]);
});
afterAll(() => closeAll([good, broken, refused]));

/** A Universal Resolver stand-in: its first answer is `first`; the callback's answer is what `then` makes of the gateway's response. */
function scripted(first: CallResult, then: (response: string) => CallResult): { call: EthCall; callbacks: string[] } {
  const callbacks: string[] = [];
  const call: EthCall = async (to, data) => {
    expect(to).toBe(UR);
    if (data.startsWith(CALLBACK)) {
      const [response] = coder.decode(['bytes', 'bytes'], dataSlice(data, 4));
      callbacks.push(String(response));
      return then(String(response));
    }
    return first;
  };
  return { call, callbacks };
}

const at = (call: EthCall, origins: string[]): NamesAt => ({
  call,
  universalResolver: UR,
  namesChainId: 1,
  policy: gatewayPolicy({ gatewayOrigins: origins, allowLocalHttp: true }, { warn: () => undefined }),
});
const nameAnswer = (name: string): CallResult => ({ ok: true, data: coder.encode(['string', 'address', 'address'], [name, RESOLVER, RESOLVER]) });

describe('the batch gateway is answered in the page (ENSIP-21)', () => {
  it('each request goes to its own gateway (only allowed ones), and the answers come back in order', async () => {
    const requests: Array<[string, string[], string]> = [
      [RESOLVER, [`${good.url}/{sender}/{data}.json`], '0xabcd'],
      [RESOLVER, [broken.url], '0xef'],
      [RESOLVER, [`${refused.url}/{sender}`], '0x01'],
    ];
    const { call, callbacks } = scripted({ ok: false, revert: lookup(['x-batch-gateway:true', 'https://batch.example'], batch(requests)) }, () => nameAnswer(''));
    const before = good.requests.length;
    // `refused` is not among the allowed origins: never asked.
    expect(await lookupAccount(at(call, [good.url, broken.url]), ACCOUNT, 60)).toBeNull();
    expect(good.requests.length).toBe(before + 1);
    expect(refused.requests).toHaveLength(0);
    const [failures, responses] = coder.decode(['bool[]', 'bytes[]'], callbacks[0]!) as unknown as [boolean[], string[]];
    expect([...failures]).toEqual([false, true, true]);
    expect(responses[0]).toBe('0x1234');
    expect(responses[1]!.slice(0, 10)).toBe(sel('HttpError(uint16,string)'));
    expect(coder.decode(['uint16', 'string'], dataSlice(responses[1]!, 4))[0]).toBe(503n);
    expect(responses[2]!.slice(0, 10)).toBe(sel('Error(string)'));
  });

  it('every request of a batch counts toward the 4 lookups of a name', async () => {
    const five = Array.from({ length: 5 }, (): [string, string[], string] => [RESOLVER, [`${good.url}/{sender}/{data}.json`], '0x00']);
    const { call } = scripted({ ok: false, revert: lookup(['x-batch-gateway:true'], batch(five)) }, () => nameAnswer('never.eth'));
    await expect(lookupAccount(at(call, [good.url]), ACCOUNT, 60)).rejects.toMatchObject({ name: 'NameLookupError' });
  });

  it('a gateway failure the resolver reports (HttpError) costs the name as a failure, not as "no name"', async () => {
    const httpError = concat([sel('HttpError(uint16,string)'), coder.encode(['uint16', 'string'], [503, 'unavailable'])]);
    const { call } = scripted({ ok: false, revert: lookup(['x-batch-gateway:true'], batch([[RESOLVER, [broken.url], '0x']])) }, () => ({ ok: false, revert: httpError }));
    await expect(lookupAccount(at(call, [broken.url]), ACCOUNT, 60)).rejects.toMatchObject({ name: 'NameGatewayError' });
  });

  it('the verified name comes back through the callback', async () => {
    const { call } = scripted({ ok: false, revert: lookup(['x-batch-gateway:true'], batch([[RESOLVER, [`${good.url}/{sender}/{data}.json`], '0x']])) }, () => nameAnswer('alice.eth'));
    expect(await lookupAccount(at(call, [good.url]), ACCOUNT, 60)).toEqual({ name: 'alice.eth' });
  });
});
