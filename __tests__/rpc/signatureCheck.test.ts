// One signature check for every account (docs/behaviour.md §7.8), against a real anvil: an EOA's key,
// a deployed ERC-1271 account, an account not deployed yet (ERC-6492), and accounts and factories that
// misbehave. The chain is reached as the page reaches it: the read layer's client on the chain.
import { SigningKey, Wallet, getAddress, hashMessage, id, TypedDataEncoder } from 'ethers';
import { compileSignatureCheck, compileTestAccounts } from '../../contracts/compileSignatureCheck';
import checkArtifact from '../../contracts/SignatureCheck.json';
import testArtifact from '../../contracts/TestAccounts.json';
import {
  counterfactualAccount,
  createCalldata,
  deploy,
  deployFactory,
  deployOwnedAccount,
  hasCode,
  wrap6492,
} from '../../contracts/testAccounts';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { createRpcRuntime } from '../../src/lib/rpc';
import { checkSignature, type EthCall, type SignatureVerdict } from '../../src/lib/signatureCheck';
import { checkTypedDataText, messageHash, sampleTypedData, typedDataDigest } from '../../src/lib/typedData';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { freePort } from '../support/ports';
import { SETUP_TIMEOUT_MS, TEARDOWN_TIMEOUT_MS } from '../support/lifecycle';

const EOA = TEST_ACCOUNTS[0];
const OWNER = new Wallet(TEST_ACCOUNTS[1].privateKey);
const STRANGER = new Wallet(TEST_ACCOUNTS[2].privateKey);
const MESSAGE = 'Sign in to Walletdeck ✓';
const HASH = messageHash(MESSAGE);

/** What an ERC-1271 account's owner gives a wallet to hand back: the hash itself signed by its key. */
const ownerSigns = (hash: string, key: Wallet = OWNER) => new SigningKey(key.privateKey).sign(hash).serialized;

let anvil: Anvil;
let calls: number;
let call: EthCall;
let factory: string;
let owned: string;

beforeAll(async () => {
  anvil = await startAnvil();
  const runtime = createRpcRuntime(buildChainTable({}, anvil.url));
  calls = 0;
  call = (tx) => {
    calls += 1;
    return runtime.client(31337).request('eth_call', [tx, 'latest'], 'data');
  };
  factory = await deployFactory(anvil.url);
  owned = await deployOwnedAccount(anvil.url, OWNER.address);
}, SETUP_TIMEOUT_MS);

afterAll(() => anvil?.stop(), TEARDOWN_TIMEOUT_MS);

beforeEach(() => {
  calls = 0;
});

const check = (account: string, signature: string, hash = HASH): Promise<SignatureVerdict> => checkSignature({ account, hash, signature, call });

describe('the compiled contracts', () => {
  it('are what the installed solc makes of their sources', () => {
    expect(compileSignatureCheck()).toEqual(checkArtifact);
    expect(compileTestAccounts()).toEqual(testArtifact);
  });
});

describe('an EOA (a key)', () => {
  it("personal_sign by the account's key is valid in the page, without asking the chain", async () => {
    const signature = await new Wallet(EOA.privateKey).signMessage(MESSAGE);
    expect(await check(EOA.address, signature)).toEqual({ kind: 'valid', by: 'key' });
    expect(calls).toBe(0);
  });

  it("typed data signed by the account's key is valid in the page", async () => {
    const text = sampleTypedData(31337);
    const typed = checkTypedDataText(text);
    if (!typed.ok) throw new Error('sample invalid');
    const data = JSON.parse(text) as { domain: Record<string, unknown>; types: Record<string, { name: string; type: string }[]>; message: Record<string, unknown> };
    const { EIP712Domain: _domain, ...types } = data.types;
    const signature = await new Wallet(EOA.privateKey).signTypedData(data.domain, types, data.message);
    expect(typedDataDigest(typed.payload)).toBe(TypedDataEncoder.hash(data.domain, types, data.message));
    expect(await check(EOA.address, signature, typedDataDigest(typed.payload))).toEqual({ kind: 'valid', by: 'key' });
    expect(calls).toBe(0);
  });

  it("another key's signature is not valid once the chain says so too, and names that key", async () => {
    const signature = await STRANGER.signMessage(MESSAGE);
    expect(await check(EOA.address, signature)).toEqual({ kind: 'invalid', signer: STRANGER.address });
    expect(calls).toBe(1);
  });

  it('an answer of another length from an account without code is not valid', async () => {
    expect(await check(EOA.address, `0x${'11'.repeat(200)}`)).toEqual({ kind: 'invalid' });
  });
});

describe('a deployed ERC-1271 account', () => {
  it('its owner signing the message hash is valid: the chain asks the account', async () => {
    expect(await check(owned, ownerSigns(HASH))).toEqual({ kind: 'valid', by: 'chain' });
    expect(calls).toBe(1);
  });

  it('its owner signing the EIP-712 digest is valid', async () => {
    const typed = checkTypedDataText(sampleTypedData(31337));
    if (!typed.ok) throw new Error('sample invalid');
    const digest = typedDataDigest(typed.payload);
    expect(await check(owned, ownerSigns(digest), digest)).toEqual({ kind: 'valid', by: 'chain' });
  });

  it('a signature of another hash, or by another key, is not valid', async () => {
    expect(await check(owned, ownerSigns(hashMessage('something else')))).toMatchObject({ kind: 'invalid' });
    expect(await check(owned, ownerSigns(HASH, STRANGER))).toMatchObject({ kind: 'invalid' });
  });

  it('an account that reverts, answers another value, pads the magic value with garbage or burns all gas is not valid', async () => {
    for (const name of ['RevertingAccount', 'WrongValueAccount', 'GarbageAccount', 'GasBurningAccount'] as const) {
      const account = await deploy(anvil.url, name);
      expect([name, await check(account, ownerSigns(HASH))]).toEqual([name, { kind: 'invalid', signer: OWNER.address }]);
      expect([name, await check(account, `0x${'22'.repeat(300)}`)]).toEqual([name, { kind: 'invalid' }]);
    }
  });
});

describe('an account not deployed yet (ERC-6492)', () => {
  const salt = id('walletdeck.test.6492');

  it('a wrapped signature of its owner is valid, and the check deploys nothing', async () => {
    const account = await counterfactualAccount(anvil.url, factory, OWNER.address, salt);
    expect(await hasCode(anvil.url, account)).toBe(false);
    const signature = wrap6492(factory, createCalldata(OWNER.address, salt), ownerSigns(HASH));
    expect(await check(account, signature)).toEqual({ kind: 'valid', by: 'chain' });
    expect(await hasCode(anvil.url, account)).toBe(false);
  });

  it("a wrapped signature by another key, or for another account's address, is not valid", async () => {
    const account = await counterfactualAccount(anvil.url, factory, OWNER.address, salt);
    expect(await check(account, wrap6492(factory, createCalldata(OWNER.address, salt), ownerSigns(HASH, STRANGER)))).toEqual({ kind: 'invalid' });
    // The factory makes STRANGER's account, not the one asked about.
    expect(await check(account, wrap6492(factory, createCalldata(STRANGER.address, salt), ownerSigns(HASH)))).toEqual({ kind: 'invalid' });
  });

  it('a wrapper whose factory reverts, or that is not a valid encoding, is not valid', async () => {
    const account = await counterfactualAccount(anvil.url, factory, OWNER.address, id('another salt'));
    const reverting = await deploy(anvil.url, 'RevertingFactory');
    expect(await check(account, wrap6492(reverting, createCalldata(OWNER.address, id('another salt')), ownerSigns(HASH)))).toEqual({ kind: 'invalid' });
    const suffix = `${'6492'.repeat(16)}`;
    for (const body of ['', 'ff'.repeat(96), `${'00'.repeat(12)}${factory.slice(2)}${'ff'.repeat(64)}`]) {
      expect(await check(account, `0x${body}${suffix}`)).toEqual({ kind: 'invalid' });
    }
  });

  it('a wrapped signature of an account deployed since is checked against the deployed account', async () => {
    const wrapped = wrap6492(factory, createCalldata(OWNER.address, salt), ownerSigns(HASH));
    expect(await check(owned, wrap6492(factory, createCalldata(OWNER.address, salt), ownerSigns(HASH)))).toEqual({ kind: 'valid', by: 'chain' });
    expect(await check(getAddress(owned), wrapped, hashMessage('other'))).toEqual({ kind: 'invalid' });
  });
});

describe('when the chain cannot be asked', () => {
  it('an endpoint that does not answer is "could not be checked" with the reason, not invalid', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const runtime = createRpcRuntime(buildChainTable({}, closed));
    const verdict = await checkSignature({
      account: owned,
      hash: HASH,
      signature: ownerSigns(HASH),
      call: (tx) => runtime.client(31337).request('eth_call', [tx, 'latest'], 'data'),
    });
    expect(verdict).toMatchObject({ kind: 'unchecked', error: { name: 'SignatureUncheckedError' } });
    if (verdict.kind !== 'unchecked') throw new Error('checked');
    expect(verdict.error.message).toMatch(/^The signature could not be checked: No RPC endpoint of .* is answering/);
  });

  it('an answer other than one byte 0 or 1 is "could not be checked"', async () => {
    for (const answer of ['0x', '0x0001', '0x02', 7, null]) {
      const verdict = await checkSignature({ account: owned, hash: HASH, signature: ownerSigns(HASH), call: () => Promise.resolve(answer) });
      expect(verdict).toMatchObject({ kind: 'unchecked', error: { name: 'SignatureUncheckedError' } });
    }
  });
});
