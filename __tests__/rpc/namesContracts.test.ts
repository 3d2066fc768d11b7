// Our names contracts (contracts/Names.sol) against what ENSIP-23, ENSIP-10, ENSIP-19 and EIP-3668 state,
// on anvil, call by call: the errors the Universal Resolver reverts with, the OffchainLookup it passes
// on (itself as sender), and the offchain resolver's callback, which takes only an unexpired answer
// signed by its gateway's key.
import { AbiCoder, Interface, SigningKey, concat, dnsEncode, id, keccak256, namehash, solidityPacked } from 'ethers';
import { OFFCHAIN_RESOLVER_ADDRESS, UNIVERSAL_RESOLVER_ADDRESS, deployNames, evmCoinType, setOffchainParent, setPrimaryName, setRecords } from '../../contracts/deployNames';
import { signedAnswer } from '../../contracts/gateway';
import artifact from '../../contracts/Names.json';
import { startAnvil, type Anvil } from '../support/anvil';
import { setUp, tearDown } from '../support/lifecycle';

const coder = AbiCoder.defaultAbiCoder();
const ur = new Interface(artifact.UniversalResolver.abi);
const records = new Interface(['function addr(bytes32,uint256) view returns (bytes)', 'function text(bytes32,string) view returns (string)']);
const OWNER = '0x000000000000000000000000000000000000a11c';
const IMPOSTOR = '0x000000000000000000000000000000000000bad0';
const L2 = evmCoinType(31338);

let anvil: Anvil;
setUp(async () => {
  anvil = await startAnvil({ chainId: 31337 });
  await deployNames(anvil.url);
  await setRecords(anvil.url, 'owner.test', { addresses: { [L2]: OWNER }, texts: { avatar: 'https://example.org/a.png' } });
  await setPrimaryName(anvil.url, OWNER, 'owner.test', L2);
  await setPrimaryName(anvil.url, IMPOSTOR, 'owner.test', L2);
  await setOffchainParent(anvil.url, 'off.test', ['https://gateway.example/{sender}/{data}.json']);
});
tearDown(() => [anvil]);

/** eth_call: the returned data, or the revert data. */
async function call(to: string, data: string): Promise<{ data?: string; revert?: string }> {
  const res = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to, data }, 'latest'] }) });
  const body = (await res.json()) as { result?: string; error?: { data?: string } };
  return body.error ? { revert: body.error.data ?? '0x' } : { data: body.result ?? '0x' };
}
const selector = (signature: string) => id(signature).slice(0, 10);

describe('the Universal-Resolver-compatible contract', () => {
  it('reverse(): the verified primary name for the coin type, with the resolvers used', async () => {
    const { data } = await call(UNIVERSAL_RESOLVER_ADDRESS, ur.encodeFunctionData('reverse', [OWNER, L2]));
    const [name, resolver, reverseResolver] = ur.decodeFunctionResult('reverse', data!);
    expect(name).toBe('owner.test');
    expect(resolver).not.toBe(reverseResolver);
  });

  it('reverse(): a name whose address for the coin type is another reverts ReverseAddressMismatch(name, address)', async () => {
    const { revert } = await call(UNIVERSAL_RESOLVER_ADDRESS, ur.encodeFunctionData('reverse', [IMPOSTOR, L2]));
    expect(revert?.slice(0, 10)).toBe(selector('ReverseAddressMismatch(string,bytes)'));
    expect(coder.decode(['string', 'bytes'], `0x${revert!.slice(10)}`).toArray()).toEqual(['owner.test', OWNER]);
  });

  it('reverse(): no name at all answers "" with no resolver', async () => {
    const { data } = await call(UNIVERSAL_RESOLVER_ADDRESS, ur.encodeFunctionData('reverse', ['0x000000000000000000000000000000000000dead', 60]));
    const [name, resolver] = ur.decodeFunctionResult('reverse', data!);
    expect([name, resolver]).toEqual(['', '0x0000000000000000000000000000000000000000']);
  });

  it('resolve(): a name without a resolver reverts ResolverNotFound(name)', async () => {
    const { revert } = await call(UNIVERSAL_RESOLVER_ADDRESS, ur.encodeFunctionData('resolve', [dnsEncode('nobody.else'), records.encodeFunctionData('addr', [namehash('nobody.else'), 60])]));
    expect(revert?.slice(0, 10)).toBe(selector('ResolverNotFound(bytes)'));
  });

  it('resolve(): a name below an offchain resolver (wildcard) reverts OffchainLookup with the Universal Resolver as sender', async () => {
    const inner = records.encodeFunctionData('addr', [namehash('carol.off.test'), L2]);
    const { revert } = await call(UNIVERSAL_RESOLVER_ADDRESS, ur.encodeFunctionData('resolve', [dnsEncode('carol.off.test'), inner]));
    expect(revert?.slice(0, 10)).toBe(selector('OffchainLookup(address,string[],bytes,bytes4,bytes)'));
    const [sender, urls, callData, callback] = coder.decode(['address', 'string[]', 'bytes', 'bytes4', 'bytes'], `0x${revert!.slice(10)}`);
    expect(sender).toBe(UNIVERSAL_RESOLVER_ADDRESS);
    expect([...urls]).toEqual(['https://gateway.example/{sender}/{data}.json']);
    expect(callback).toBe(selector('resolveCallback(bytes,bytes)'));
    // The gateway is asked the whole ENSIP-10 call.
    expect(callData).toBe(concat([selector('resolve(bytes,bytes)'), coder.encode(['bytes', 'bytes'], [dnsEncode('carol.off.test'), inner])]));
  });
});

describe('the offchain resolver takes only its gateway’s signed, unexpired answers', () => {
  const request = concat([selector('resolve(bytes,bytes)'), coder.encode(['bytes', 'bytes'], [dnsEncode('carol.off.test'), records.encodeFunctionData('text', [namehash('carol.off.test'), 'avatar'])])]);
  const result = coder.encode(['string'], ['https://example.org/carol.png']);
  const callback = (response: string) => concat([selector('resolveWithProof(bytes,bytes)'), coder.encode(['bytes', 'bytes'], [response, request])]);

  it('a signed answer is the result', async () => {
    const { data } = await call(OFFCHAIN_RESOLVER_ADDRESS, callback(signedAnswer(request, result)));
    expect(coder.decode(['bytes'], data!)[0]).toBe(result);
  });

  it('an answer signed by another key is refused', async () => {
    const expires = BigInt(Math.floor(Date.now() / 1000) + 300);
    const digest = keccak256(solidityPacked(['bytes2', 'address', 'uint64', 'bytes32', 'bytes32'], ['0x1900', OFFCHAIN_RESOLVER_ADDRESS, expires, keccak256(request), keccak256(result)]));
    const forged = coder.encode(['bytes', 'uint64', 'bytes'], [result, expires, new SigningKey(id('someone else')).sign(digest).serialized]);
    expect((await call(OFFCHAIN_RESOLVER_ADDRESS, callback(forged))).revert).toBe(selector('InvalidSignature()'));
  });

  it('an answer for another request is refused', async () => {
    const other = concat([request, '0x00']);
    expect((await call(OFFCHAIN_RESOLVER_ADDRESS, callback(signedAnswer(other, result)))).revert).toBe(selector('InvalidSignature()'));
  });

  it('an expired answer is refused', async () => {
    const old = signedAnswer(request, result, OFFCHAIN_RESOLVER_ADDRESS, 1_000_000);
    expect((await call(OFFCHAIN_RESOLVER_ADDRESS, callback(old))).revert).toBe(selector('AnswerExpired()'));
  });
});
