// EIP-5573 ReCaps in the sign-in backend (server/siwe/recap.ts, and the statement rule in
// message.ts): the messages WalletConnect's one-click auth makes (written here by @walletconnect/utils,
// the wallet's and the app's own helpers, as the counterpart) are accepted, read by viem exactly as
// they are written; a ReCap that does not say what its text says, text without a ReCap, and a ReCap
// that cannot be read are refused, each by its name. One of them is signed and posted to a backend
// on a real anvil.
import { buildAuthObject, createEncodedRecap, formatMessage, populateAuthPayload } from '@walletconnect/utils';
import type { AuthTypes } from '@walletconnect/types';
import { Wallet } from 'ethers';
import { createSiweMessage, parseSiweMessage, type SiweMessage } from 'viem/siwe';
import { checkMessage, type MessageRules } from '../../server/siwe/message';
import { RECAP_PREAMBLE, parseRecapUri, recapText, type Recap } from '../../server/siwe/recap';
import type { RunningSiweServer } from '../../server/siwe/server';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { setUp, tearDown } from '../support/lifecycle';
import { Browser, STATEMENT, TestClock, startBackend, tempFolder, testConfig } from './backend';

const ALICE = new Wallet(TEST_ACCOUNTS[0].privateKey);
const ORIGIN = 'http://localhost:8080';
/** What the app asks for and the development phone supports. */
const METHODS = ['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'];
const NONCE = '0123456789abcdef0123456789abcdef';
const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const MINUTE = 60_000;
const iss = (chainId = 31337, address = ALICE.address) => `did:pkh:eip155:${chainId}:${address}`;

/** The backend's rules; `null`: no statement configured. */
const rules = (statement: string | null = STATEMENT): MessageRules => ({
  origin: ORIGIN,
  chainIds: new Set([31337]),
  ...(statement === null ? {} : { statement }),
  maxBytes: 4096,
  now: NOW,
});

/** What sign-client's authenticate() sends the wallet for the app's request. */
function request(overrides: Partial<AuthTypes.PayloadParams> = {}, methods = METHODS): AuthTypes.PayloadParams {
  return {
    type: 'caip122',
    chains: ['eip155:31337', 'eip155:1'],
    statement: STATEMENT,
    aud: `${ORIGIN}/`,
    domain: 'localhost:8080',
    version: '1',
    nonce: NONCE,
    iat: new Date(NOW).toISOString(),
    exp: new Date(NOW + 10 * MINUTE).toISOString(),
    resources: [createEncodedRecap('eip155', 'request', [...methods])],
    ...overrides,
  };
}

/** The message a WalletConnect wallet signs for `payload` (narrowed to its chain and methods), as the app rebuilds it from the cacao. */
function walletMessage(payload = request(), chainId = 31337): string {
  const narrowed = populateAuthPayload({ authPayload: payload, chains: [`eip155:${chainId}`], methods: METHODS });
  const cacao = buildAuthObject(narrowed, { t: 'eip191', s: '0x' }, iss(chainId));
  return formatMessage(cacao.p, cacao.p.iss);
}

const refusal = (message: string, statement: string | null = STATEMENT) => {
  try {
    checkMessage(message, rules(statement));
  } catch (error) {
    return (error as Error).name;
  }
  return 'accepted';
};

/** `message` with its last resource replaced. */
const withResource = (message: string, resource: string) => message.replace(/\n- urn:recap:[^\n]*$/, `\n- ${resource}`);
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
/** A valid ReCap's payload whose length is `rest` more than a multiple of 4 (JSON may end in spaces). */
const payloadOfLength = (rest: number) => {
  const json = '{"att":{"eip155":{"request/personal_sign":[{}]}}}';
  for (let pad = 0; ; pad += 1) {
    const payload = base64url(json + ' '.repeat(pad));
    if (payload.length % 4 === rest) return payload;
  }
};
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The payload with its last character's lowest bit set: the same bytes, spelled with a spare bit that is not zero. */
const withSpareBit = (payload: string) => payload.slice(0, -1) + ALPHABET[ALPHABET.indexOf(payload.at(-1) ?? 'A') | 1];

describe('what WalletConnect one-click auth writes', () => {
  it("a typical request's message is the text viem writes for the same fields, and is accepted", () => {
    const message = walletMessage();
    // The two writers agree byte for byte: header without scheme, statement, times as toISOString().
    expect(createSiweMessage(parseSiweMessage(message) as SiweMessage)).toBe(message);
    expect(message.split('\n').slice(0, 4)).toEqual([
      'localhost:8080 wants you to sign in with your Ethereum account:',
      ALICE.address,
      '',
      `${STATEMENT} ${RECAP_PREAMBLE} (1) 'request': 'eth_sendTransaction', 'eth_signTypedData_v4', 'personal_sign', 'wallet_addEthereumChain', 'wallet_switchEthereumChain' for 'eip155'.`,
    ]);
    expect(checkMessage(message, rules())).toEqual({ address: ALICE.address, chainId: 31337, nonce: NONCE, issuedAt: NOW, expirationTime: NOW + 10 * MINUTE });
  });

  it('is accepted however the wallet narrows it, and from the request as sent (no narrowing)', () => {
    for (const methods of [['personal_sign'], ['eth_sendTransaction', 'personal_sign'], METHODS]) {
      expect(refusal(walletMessage(request({}, methods)))).toBe('accepted');
    }
    const payload = request();
    expect(refusal(formatMessage(payload, iss()))).toBe('accepted');
    // Only the chain it signs on: another requested chain the wallet also knows.
    expect(refusal(walletMessage(request({ chains: ['eip155:1', 'eip155:31337'] }), 31337))).toBe('accepted');
  });

  it('without a configured statement: the ReCap text alone', () => {
    const alone = walletMessage(request({ statement: '' }));
    expect(parseSiweMessage(alone).statement?.startsWith(RECAP_PREAMBLE)).toBe(true);
    expect(refusal(alone, null)).toBe('accepted');
    // The configured statement is required before the ReCap text when there is one.
    expect(refusal(alone, STATEMENT)).toBe('WrongStatement');
    // And with none configured, something before the ReCap text is not the rule.
    expect(refusal(walletMessage(), null)).toBe('WrongStatement');
  });

  it('times in another RFC 3339 form (as an app may pass exp) are still the same message', () => {
    expect(refusal(walletMessage(request({ exp: '2026-12-01T13:10:00+01:00' })))).toBe('accepted');
  });
});

describe('refused', () => {
  it('a tampered ReCap text', () => {
    const message = walletMessage();
    expect(refusal(message.replace("'eth_sendTransaction', ", ''))).toBe('WrongStatement');
    expect(refusal(message.replace("for 'eip155'.", "for 'eip155'. (2) 'request': 'eth_sign' for 'eip155'."))).toBe('WrongStatement');
    expect(refusal(message.replace(`${STATEMENT} I further`, `${STATEMENT}  I further`))).toBe('WrongStatement');
  });

  it('a ReCap granting other methods than its text says', () => {
    const message = walletMessage(request({}, ['personal_sign']));
    const more = createEncodedRecap('eip155', 'request', ['eth_sendTransaction', 'personal_sign']);
    expect(refusal(withResource(message, more))).toBe('WrongStatement');
    // The same ReCap the text was written for is accepted (the test's replacement is faithful).
    expect(refusal(withResource(message, createEncodedRecap('eip155', 'request', ['personal_sign'])))).toBe('accepted');
  });

  it('ReCap text in the statement without a ReCap resource', () => {
    const message = walletMessage();
    const withoutRecap = message.replace(/\nResources:\n- urn:recap:[^\n]*$/, '');
    expect(refusal(withoutRecap, STATEMENT)).toBe('WrongStatement');
    expect(refusal(withoutRecap, null)).toBe('WrongStatement');
    // The ReCap moved before another resource is no longer the last one: malformed.
    const recap = parseSiweMessage(message).resources?.at(-1) ?? '';
    expect(refusal(withResource(message, `${recap}\n- ${ORIGIN}/terms`))).toBe('MalformedMessage');
  });

  it('a ReCap resource with the plain statement (its text missing)', () => {
    const plain = walletMessage().replace(/^(.*\n.*\n\n)[^\n]*/, `$1${STATEMENT}`);
    expect(parseSiweMessage(plain).statement).toBe(STATEMENT);
    expect(refusal(plain)).toBe('WrongStatement');
  });

  it('a malformed urn:recap, with a message saying what is wrong', () => {
    const message = walletMessage();
    const cases: [string, RegExp][] = [
      ['urn:recap:', /nothing follows/],
      ['urn:recap:!!!!', /not base64url/],
      [`urn:recap:${base64url('{"att":{}}')}=`, /not base64url/],
      [`urn:recap:${payloadOfLength(0)}A`, /not a whole base64url/],
      [`urn:recap:${withSpareBit(payloadOfLength(2))}`, /not a whole base64url/],
      [`urn:recap:${withSpareBit(payloadOfLength(3))}`, /not a whole base64url/],
      [`urn:recap:${base64url('not json')}`, /not JSON/],
      [`urn:recap:${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')}`, /not UTF-8/],
      [`urn:recap:${base64url('[1]')}`, /not a JSON object/],
      [`urn:recap:${base64url('{"att":{}}')}`, /names no resource/],
      [`urn:recap:${base64url('{"prf":["x"]}')}`, /no "att" object/],
      [`urn:recap:${base64url('{"att":{"eip155":{}}}')}`, /has no ability/],
      [`urn:recap:${base64url('{"att":{"eip155":[]}}')}`, /not an object of abilities/],
      [`urn:recap:${base64url('{"att":{"eip155":{"personal_sign":[{}]}}}')}`, /not an ability string/],
      [`urn:recap:${base64url(`{"att":{"eip155":{"request/it's":[{}]}}}`)}`, /not an ability string/],
      [`urn:recap:${base64url('{"att":{"eip155":{"request/personal_sign":"all"}}}')}`, /not a list of objects/],
      [`urn:recap:${base64url('{"att":{"eip155":{"request/personal_sign":[1]}}}')}`, /not a list of objects/],
      [`urn:recap:${base64url('{"att":{"eip\\n155":{"request/personal_sign":[{}]}}}')}`, /control character/],
      [`urn:recap:${base64url('{"att":{"eip155":{"request/personal_sign":[{}]}},"prf":"x"}')}`, /"prf"/],
    ];
    for (const [resource, why] of cases) {
      let error: Error | undefined;
      try {
        checkMessage(withResource(message, resource), rules());
      } catch (caught) {
        error = caught as Error;
      }
      expect([resource, error?.name]).toEqual([resource, 'MalformedMessage']);
      expect(error?.message).toMatch(why);
    }
  });
});

describe('the ReCap text (EIP-5573, "ReCap Translation Algorithm")', () => {
  it("matches the standard's example", () => {
    // The standard's own example ReCap Details Object and the text it gives.
    const recap: Recap = {
      att: {
        'https://example.com/pictures/': { 'crud/delete': [{}], 'crud/update': [{}], 'other/action': [{}] },
        'mailto:username@example.com': { 'msg/receive': [{ max_count: 5, templates: ['newsletter', 'marketing'] }], 'msg/send': [{ to: 'someone@email.com' }, { to: 'joe@email.com' }] },
      },
      prf: ['bafybeigk7ly3pog6uupxku3b6bubirr434ib6tfaymvox6gotaaaaaaaaa'],
    };
    expect(recapText(recap)).toBe(
      "I further authorize the stated URI to perform the following actions on my behalf: (1) 'crud': 'delete', 'update' for 'https://example.com/pictures/'. (2) 'other': 'action' for 'https://example.com/pictures/'. (3) 'msg': 'receive', 'send' for 'mailto:username@example.com'.",
    );
    // And its ReCap URI reads back to an object of that shape (its proof differs from the object above).
    const uri =
      'urn:recap:eyJhdHQiOnsiaHR0cHM6Ly9leGFtcGxlLmNvbS9waWN0dXJlcy8iOnsiY3J1ZC9kZWxldGUiOlt7fV0sImNydWQvdXBkYXRlIjpbe31dLCJvdGhlci9hY3Rpb24iOlt7fV19LCJtYWlsdG86dXNlcm5hbWVAZXhhbXBsZS5jb20iOnsibXNnL3JlY2VpdmUiOlt7Im1heF9jb3VudCI6NSwidGVtcGxhdGVzIjpbIm5ld3NsZXR0ZXIiLCJtYXJrZXRpbmciXX1dLCJtc2cvc2VuZCI6W3sidG8iOiJzb21lb25lQGVtYWlsLmNvbSJ9LHsidG8iOiJqb2VAZW1haWwuY29tIn1dfX0sInByZiI6WyJ6ZGo3V2o2Rk5TNHJVVWJzaUp2amp4Y3NOcVpkRENTaVlSOHNLUVhmb1BmcFNadUF3Il19';
    expect(recapText(parseRecapUri(uri))).toBe(recapText(recap));
  });

  it('reads the standard base64 alphabet WalletConnect writes (btoa without padding) as well as base64url', () => {
    const recap = { att: { 'https://example.com/?a=>>>': { 'crud/read': [{}] } } };
    const json = JSON.stringify(recap);
    const standard = Buffer.from(json).toString('base64').replace(/=+$/, '');
    expect(standard).toMatch(/[+/]/);
    expect(parseRecapUri(`urn:recap:${standard}`)).toEqual(recap);
    expect(parseRecapUri(`urn:recap:${Buffer.from(json).toString('base64url')}`)).toEqual(recap);
  });
});

describe('signed and posted to the backend', () => {
  let anvil: Anvil;
  let folder: ReturnType<typeof tempFolder>;
  let backend: RunningSiweServer;
  const clock = new TestClock(NOW);

  setUp(async () => {
    folder = tempFolder();
    anvil = await startAnvil();
    backend = await startBackend(testConfig({ allowedOrigins: [ORIGIN], chains: { 31337: anvil.url }, storePath: `${folder.path}/store.sqlite` }), { now: clock.now });
  });

  tearDown(() => [backend, anvil, () => folder?.remove()]);

  it("a WalletConnect wallet's signed message signs in; the same message with a tampered ReCap does not", async () => {
    const page = new Browser(backend.url, ORIGIN);
    const message = walletMessage(request({ nonce: await page.nonce() }));
    const verified = await page.post('/verify', { message, signature: await ALICE.signMessage(message) });
    expect([verified.status, verified.body['address']]).toEqual([200, ALICE.address]);

    const other = walletMessage(request({ nonce: await page.nonce() }));
    const tampered = withResource(other, createEncodedRecap('eip155', 'request', ['eth_sendTransaction']));
    const refused = await page.post('/verify', { message: tampered, signature: await ALICE.signMessage(tampered) });
    expect([refused.status, refused.body['name']]).toEqual([422, 'WrongStatement']);
  });
});
