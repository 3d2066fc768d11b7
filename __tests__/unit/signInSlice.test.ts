// The sign-in state machine (docs/behaviour.md §13.2): each event moves only the state it fits, every
// value is checked in the reducer, and every state is plain JSON (Redux DevTools replays it).
import { signInActions as a, signInSlice, type SignInState } from '../../store/signInSlice';
import type { UnknownAction } from '@reduxjs/toolkit';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const EXPIRES = '2026-12-02T12:00:00.000Z';
const ERROR = { name: 'SignInUnreachableError', message: 'The sign-in backend could not be reached: no answer within 10 s' };

const run = (state: SignInState, ...events: UnknownAction[]) => events.reduce<SignInState>((s, e) => signInSlice.reducer(s, e), state);
const checking: SignInState = { status: 'checking', address: ALICE };
const signingIn: SignInState = { status: 'signingIn', address: ALICE };
const signedIn: SignInState = { status: 'signedIn', address: ALICE, chainId: 31337, expiresAt: EXPIRES };

describe('off until the sagas find a backend', () => {
  it('starts off, and only "enabled" leaves it', () => {
    const off = signInSlice.reducer(undefined, { type: '@@init' });
    expect(off).toEqual({ status: 'off' });
    expect(run(off, a.sessionCheckStarted({ address: ALICE }), a.walletGone(), a.sessionFound({ address: ALICE, chainId: 1, expiresAt: EXPIRES }))).toEqual({ status: 'off' });
    expect(run(off, a.enabled())).toEqual({ status: 'idle' });
    expect(run({ status: 'idle' }, a.enabled())).toEqual({ status: 'idle' });
  });
});

describe('a connect: checking, then signed in, signed out or signing in', () => {
  it('a live session signs in with no prompt', () => {
    expect(run({ status: 'idle' }, a.sessionCheckStarted({ address: ALICE.toLowerCase() }))).toEqual(checking);
    expect(run(checking, a.sessionFound({ address: ALICE, chainId: 31337, expiresAt: EXPIRES }))).toEqual(signedIn);
  });

  it('no session: "Sign in as …" (signedOut), or the signature when the user asked', () => {
    expect(run(checking, a.noSession({ address: ALICE }))).toEqual({ status: 'signedOut', address: ALICE });
    expect(run(checking, a.signingStarted({ address: ALICE }))).toEqual(signingIn);
  });

  it('the wallet refused: declined; a chain the backend or app does not allow: chainNotAllowed', () => {
    expect(run(signingIn, a.signatureDeclined({ address: ALICE }))).toEqual({ status: 'declined', address: ALICE });
    expect(run(signingIn, a.chainNotAllowed({ address: ALICE, chainId: 100, allowedChainIds: [1, 31337] }))).toEqual({
      status: 'chainNotAllowed',
      address: ALICE,
      chainId: 100,
      allowedChainIds: [1, 31337],
    });
  });

  it('unreachable and failed keep the error as plain, bounded data', () => {
    expect(run(checking, a.unreachable({ address: ALICE, error: { ...ERROR, stack: 'x' } }))).toEqual({ status: 'unreachable', address: ALICE, error: ERROR });
    const long = run(signingIn, a.failed({ address: ALICE, error: { name: 'WrongDomain', code: 422, message: `a\u202e${'x'.repeat(900)}` } }));
    expect(long).toMatchObject({ status: 'failed', error: { name: 'WrongDomain', code: 422 } });
    expect(long.status === 'failed' && long.error.message.length).toBe(500);
    expect(long.status === 'failed' && long.error.message.includes('\u202e')).toBe(false);
  });

  it('expiry ends only the session it was set for', () => {
    expect(run(signedIn, a.expired({ address: ALICE, expiresAt: '2026-12-01T00:00:00.000Z' }))).toEqual(signedIn);
    expect(run(signedIn, a.expired({ address: ALICE, expiresAt: EXPIRES }))).toEqual({ status: 'expired', address: ALICE });
  });

  it('another tab signed out: signedOut; another tab signed in: signed in from any state of that address', () => {
    expect(run(signedIn, a.sessionGone({ address: ALICE }))).toEqual({ status: 'signedOut', address: ALICE });
    for (const state of [{ status: 'declined', address: ALICE }, { status: 'expired', address: ALICE }, { status: 'signedOut', address: ALICE }] as SignInState[])
      expect(run(state, a.sessionFound({ address: ALICE, chainId: 31337, expiresAt: EXPIRES }))).toEqual(signedIn);
  });

  it("a Disconnect's failed sign-out: kept once idle, through a wallet gone; a retry of that address clears it, another's or a state about an account does not take it", () => {
    const failed = run({ status: 'idle' }, a.signOutFailed({ address: ALICE, error: ERROR }));
    expect(failed).toEqual({ status: 'idle', signOutFailed: { address: ALICE, error: ERROR } });
    expect(run(failed, a.walletGone())).toBe(failed);
    expect(run(failed, a.signOutRetried({ address: BOB }))).toBe(failed);
    expect(run(failed, a.signOutRetried({ address: ALICE }))).toEqual({ status: 'idle' });
    expect(run(failed, a.sessionCheckStarted({ address: BOB }))).toEqual({ status: 'checking', address: BOB });
    expect(run(checking, a.signOutFailed({ address: BOB, error: ERROR }))).toBe(checking);
    expect(run({ status: 'idle' }, a.signOutFailed({ address: ALICE, error: { name: '', message: 'no name' } }))).toEqual({ status: 'idle' });
  });

  it('a wallet gone: idle from any state', () => {
    expect(run(signedIn, a.walletGone())).toEqual({ status: 'idle' });
  });
});

describe('an event that does not fit is ignored', () => {
  it.each<[string, SignInState, UnknownAction]>([
    ['a session of another address', checking, a.sessionFound({ address: BOB, chainId: 1, expiresAt: EXPIRES })],
    ['a decline while checking', checking, a.signatureDeclined({ address: ALICE })],
    ['a decline after the session arrived', signedIn, a.signatureDeclined({ address: ALICE })],
    ['a late "no session" after signing in', signedIn, a.noSession({ address: ALICE })],
    ['signing without a check first', { status: 'declined', address: ALICE }, a.signingStarted({ address: ALICE })],
    ['an error of another address', signingIn, a.unreachable({ address: BOB, error: ERROR })],
    ['an error that is not one', signingIn, a.failed({ address: ALICE, error: 'boom' })],
    ['a session with a chain id that is not one', checking, a.sessionFound({ address: ALICE, chainId: '0x1', expiresAt: EXPIRES })],
    ['a session with a time that is not one', checking, a.sessionFound({ address: ALICE, chainId: 1, expiresAt: 'tomorrow' })],
    ['an address with a wrong checksum', { status: 'idle' }, a.sessionCheckStarted({ address: '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })],
    ['expiry of a state that is not signed in', { status: 'declined', address: ALICE }, a.expired({ address: ALICE, expiresAt: EXPIRES })],
    ['a chain list that is not one', signingIn, a.chainNotAllowed({ address: ALICE, chainId: 100, allowedChainIds: [1, 'x'] })],
    ['the user intent itself (the saga acts on it)', { status: 'declined', address: ALICE }, a.requested({ address: ALICE })],
  ])('%s', (_what, state, event) => {
    expect(run(state, event)).toBe(state);
  });
});

it('every state is plain JSON', () => {
  const states = [signedIn, run(checking, a.unreachable({ address: ALICE, error: ERROR })), run(signingIn, a.chainNotAllowed({ address: ALICE, chainId: 100, allowedChainIds: [1] }))];
  for (const state of states) expect(JSON.parse(JSON.stringify(state))).toEqual(state);
});

describe('a connect that signs in within its approval (docs/behaviour.md §13.8)', () => {
  const SIGNATURE = `0x${'ab'.repeat(65)}`;
  const MESSAGE = '127.0.0.1:3000 wants you to sign in with your Ethereum account:';
  const connecting: SignInState = { status: 'connecting', kind: 'walletconnect' };

  it('waits on the connect, and an account gone meanwhile does not end the wait', () => {
    expect(run({ status: 'idle' }, a.askedAtConnect({ kind: 'walletconnect' }))).toEqual(connecting);
    expect(run(signedIn, a.askedAtConnect({ kind: 'walletconnect' }))).toEqual(connecting);
    expect(run(connecting, a.walletGone())).toEqual(connecting);
    expect(run({ status: 'off' }, a.askedAtConnect({ kind: 'walletconnect' }))).toEqual({ status: 'off' });
    expect(run({ status: 'idle' }, a.askedAtConnect({ kind: 'Wallet Connect!' }))).toEqual({ status: 'idle' });
  });

  it("the wallet's checked signature is held for the backend's check; a wrong one is a failure; none goes back to idle", () => {
    expect(run(connecting, a.signedAtConnect({ address: ALICE.toLowerCase(), proof: { message: MESSAGE, signature: SIGNATURE } }))).toEqual({
      status: 'signingIn',
      address: ALICE,
      proof: { message: MESSAGE, signature: SIGNATURE },
    });
    const wrong = { name: 'WrongSignInMessageError', message: 'The wallet signed in with a message other than the one the page asked for: the domain is not 127.0.0.1:3000' };
    expect(run(connecting, a.signInAtConnectFailed({ address: ALICE, error: wrong }))).toEqual({ status: 'failed', address: ALICE, error: wrong });
    expect(run(connecting, a.notSignedAtConnect({ kind: 'walletconnect' }))).toEqual({ status: 'idle' });
    // Another kind's end changes nothing.
    expect(run(connecting, a.notSignedAtConnect({ kind: 'injected' }))).toEqual(connecting);
  });

  it('a proof that is not one is refused by the reducer, whoever sends it', () => {
    for (const proof of [undefined, {}, { message: '', signature: SIGNATURE }, { message: MESSAGE, signature: 'yes' }, { message: 'x'.repeat(16_385), signature: SIGNATURE }]) {
      expect(run(connecting, a.signedAtConnect({ address: ALICE, proof }))).toEqual(connecting);
    }
  });
});
