// The Safe{Wallet} kind's checks of what the parent frame says (docs/behaviour.md §1.7), and the kind
// outside a frame: never offered, nothing loaded. The SDK's conversation itself is the browser suite's
// (__tests__/e2e/safe.test.ts).
import { isFramed, safeKind } from '../../src/lib/connectors/safe';
import { parentOrigins } from '../../src/lib/connectors/safe/origins';
import { createWalletState, walletActions, walletSlice } from '../../store/walletSlice';
import { everyKind } from '../support/slice';
import { readProposalState, readSafeInfo, readSignAnswer, safeName } from '../../src/lib/connectors/safe/info';

const SAFE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OWNERS = ['0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'];
const good = { safeAddress: SAFE, chainId: 1, owners: OWNERS, threshold: 2, isReadOnly: false };

describe("the parent's getSafeInfo", () => {
  it('a Safe: its address, chain, owners and threshold, named "Safe" and its short address', () => {
    expect(readSafeInfo(good)).toEqual({ ok: true, value: { address: SAFE, chainId: 1, owners: OWNERS, threshold: 2, readOnly: false, name: 'Safe 0x5aAe…eAed' } });
    expect(safeName(SAFE)).toBe('Safe 0x5aAe…eAed');
  });

  it('a name the parent gives, as it may be shown (no bidirectional override)', () => {
    const named = readSafeInfo({ ...good, name: 'Treasury\u202E' });
    expect(named.ok && named.value.name).toBe('Treasury');
    const blank = readSafeInfo({ ...good, name: '   ' });
    expect(blank.ok && blank.value.name).toBe('Safe 0x5aAe…eAed');
  });

  it.each([
    ['not an object', 'a Safe', /not an object/],
    ['a wrong checksum', { ...good, safeAddress: SAFE.replace('a', 'A') }, /checksum/],
    ['no address', { ...good, safeAddress: undefined }, /safeAddress/],
    ['a chain id as text', { ...good, chainId: '1' }, /chainId/],
    ['chain id 0', { ...good, chainId: 0 }, /chainId/],
    ['no owners', { ...good, owners: [] }, /owners/],
    ['an owner twice', { ...good, owners: [OWNERS[0], OWNERS[0]] }, /owners/],
    ['an owner that is no address', { ...good, owners: ['0x12'] }, /owners/],
    ['owners not a list', { ...good, owners: 'all of us' }, /owners/],
    ['a threshold above the owners', { ...good, threshold: 3 }, /threshold/],
    ['threshold 0', { ...good, threshold: 0 }, /threshold/],
    ['a fractional threshold', { ...good, threshold: 1.5 }, /threshold/],
    ['isReadOnly as text', { ...good, isReadOnly: 'no' }, /isReadOnly/],
  ])('garbage is not a Safe: %s', (_what, raw, problem) => {
    const read = readSafeInfo(raw);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problem).toMatch(problem);
  });

  it('a Proxy whose traps throw is not a Safe, and does not throw', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('trap'); } });
    expect(readSafeInfo(hostile).ok).toBe(false);
  });
});

describe("the parent's answers while signing and sending", () => {
  const hash = `0x${'ab'.repeat(32)}`;
  it('a signature at once, a messageHash to wait on (off chain), or a safeTxHash (on chain)', () => {
    expect(readSignAnswer({ signature: `0x${'11'.repeat(65)}` })).toEqual({ ok: true, value: { kind: 'signature', signature: `0x${'11'.repeat(65)}` } });
    expect(readSignAnswer({ messageHash: hash })).toEqual({ ok: true, value: { kind: 'offChain', messageHash: hash } });
    expect(readSignAnswer({ safeTxHash: hash.toUpperCase().replace('0X', '0x') })).toEqual({ ok: true, value: { kind: 'onChain', safeTxHash: hash } });
    // "0x" is no signature: the owners have not signed yet (never a false "invalid").
    expect(readSignAnswer({ signature: '0x', messageHash: hash })).toEqual({ ok: true, value: { kind: 'offChain', messageHash: hash } });
    expect(readSignAnswer({ signature: 'yes' }).ok).toBe(false);
    expect(readSignAnswer({ messageHash: '0x1234' }).ok).toBe(false);
  });

  it("a proposal's state: waiting with its confirmations, executed with the chain's hash, cancelled; anything else refused", () => {
    expect(readProposalState({ txStatus: 'AWAITING_CONFIRMATIONS', detailedExecutionInfo: { confirmationsSubmitted: 1, confirmationsRequired: 2 } })).toEqual({
      ok: true,
      value: { status: 'awaiting', confirmations: { submitted: 1, required: 2 } },
    });
    expect(readProposalState({ txStatus: 'AWAITING_EXECUTION', detailedExecutionInfo: { confirmationsSubmitted: 'x' } })).toEqual({ ok: true, value: { status: 'awaiting' } });
    expect(readProposalState({ txStatus: 'SUCCESS', txHash: hash })).toEqual({ ok: true, value: { status: 'executed', hash, success: true } });
    expect(readProposalState({ txStatus: 'FAILED', txHash: hash })).toEqual({ ok: true, value: { status: 'executed', hash, success: false } });
    expect(readProposalState({ txStatus: 'CANCELLED' })).toEqual({ ok: true, value: { status: 'cancelled' } });
    expect(readProposalState({ txStatus: 'SUCCESS', txHash: null }).ok).toBe(false);
    expect(readProposalState({ txStatus: 'DONE' }).ok).toBe(false);
    expect(readProposalState(null).ok).toBe(false);
  });
});

describe('the kind outside a frame, and in one', () => {
  const env = (host: unknown) => ({ host, page: new URL('https://app.example/'), config: { allowedChainIds: {} } }) as unknown as Parameters<NonNullable<typeof safeKind.offered>>[0];

  it('a page that is its own parent is not framed: the kind is not offered (nothing built, nothing loaded)', () => {
    const page = { parent: undefined as unknown };
    page.parent = page;
    expect(isFramed(page)).toBe(false);
    expect(isFramed(undefined)).toBe(false);
    expect(safeKind.offered?.(env(page))).toBe(false);
  });

  it('in a frame it is offered, and owns the page until the parent has answered', () => {
    const framed = { parent: {} };
    expect(isFramed(framed)).toBe(true);
    expect(safeKind.offered?.(env(framed))).toBe(true);
    const safe = safeKind.adapter(undefined, { ...env(framed), chains: {} });
    expect(safe.status()).toMatchObject({ available: true, ownsPage: true, proposes: true });
    expect(safe.storedSession()).toBe(true);
  });

  it('a parent that cannot even be compared (a throwing getter) is taken as a frame', () => {
    const hostile = Object.defineProperty({}, 'parent', { get: () => { throw new Error('blocked'); } });
    expect(isFramed(hostile)).toBe(true);
  });
});

describe("the parent's origins, from the deployment's frame-ancestors", () => {
  it("unset: any parent; 'none': none; 'self', origins and a wildcard host", () => {
    expect(parentOrigins(undefined, 'https://app.example')).toBeUndefined();
    expect(parentOrigins("'none'", 'https://app.example')).toEqual([]);
    const patterns = parentOrigins("'self' https://app.safe.global https://*.safe.test:8443", 'https://app.example')!;
    const allowed = (origin: string) => patterns.some((p) => p.test(origin));
    expect(allowed('https://app.example')).toBe(true);
    expect(allowed('https://app.safe.global')).toBe(true);
    expect(allowed('https://eu.app.safe.test:8443')).toBe(true);
    expect(allowed('https://app.safe.global.evil.example')).toBe(false);
    expect(allowed('https://appxsafe.global')).toBe(false);
    expect(allowed('http://app.safe.global')).toBe(false);
    expect(allowed('https://safe.test:8443')).toBe(false);
  });
});

describe('the page the Safe owns, in the store (docs/behaviour.md §1.7)', () => {
  const face = { note: { otherwise: 'This Safe, in Safe{Wallet}' } };
  const owning = { safe: { name: 'Safe{Wallet}', face, available: true, ownsPage: true } };
  const refused = { safe: { name: 'Safe{Wallet}', face, available: false, unavailableReason: 'not a Safe' } };

  it("is current while it owns the page, and the user's earlier choice is back (not overwritten) once the parent is not a Safe", () => {
    let state = createWalletState(everyKind([1]), { current: 'coinbase', kinds: owning });
    expect(state.current).toBe('safe');
    expect(state.chosen).toBe(true);
    state = walletSlice.reducer(state, walletActions.connectorsDescribed({ kinds: refused }));
    expect(state.current).toBe('coinbase');
    expect(state.ownerReplaced).toBeUndefined();
  });

  it('a kind that says it owns the page while unavailable owns nothing', () => {
    const state = createWalletState(everyKind([1]), { kinds: { safe: { name: 'Safe{Wallet}', face, available: false, ownsPage: true } } });
    expect(state.kinds.safe.ownsPage).toBeUndefined();
    expect(state.current).toBe('injected');
  });
});
