// Sign-in in the header, beside the account button (docs/behaviour.md §13.7), as RainbowKit shows it:
// what is going on in words, and the one action that state offers ("Sign in as …", Retry, Sign in
// again). Each is a real button (the keyboard reaches it); the words are announced politely. Below
// 480 px the words give way to the button alone, whose accessible name keeps them. The account menu
// shows the same state and action in a section of its own (SignInSection), in full at any width.
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectSignIn } from '../../../store/signInSelectors';
import { signInActions, type SignInState, type SignOutFailure } from '../../../store/signInSlice';
import { useChains } from '../../ui/chainsContext';
import { SIGN_IN_WORDS as W } from './words';
import './signIn.css';

function sentence(state: SignInState, chainNames: (ids: number[]) => string): string | undefined {
  switch (state.status) {
    case 'checking':
      return W.checking;
    case 'signingIn':
      return W.signingInDetail;
    case 'signedIn':
      return W.signedIn(state.address);
    case 'signedOut':
      return undefined;
    case 'declined':
      return W.declined;
    case 'chainNotAllowed':
      return W.chainNotAllowed(chainNames(state.allowedChainIds));
    case 'unreachable':
      return W.unreachable;
    case 'failed':
      return W.failed;
    case 'expired':
      return W.expired;
    default:
      return undefined;
  }
}

function action(state: SignInState): string | undefined {
  switch (state.status) {
    case 'signedOut':
      return W.signInAs(state.address);
    case 'declined':
      return W.signIn;
    case 'unreachable':
      return W.retry;
    case 'failed':
      return W.tryAgain;
    case 'expired':
      return W.signInAgain;
    default:
      return undefined;
  }
}

export function SignInStatus() {
  const dispatch = useAppDispatch();
  const chains = useChains();
  const state = useAppSelector(selectSignIn);
  if (state.status === 'idle' && state.signOutFailed) return <SignOutFailed failure={state.signOutFailed} />;
  if (state.status === 'off' || state.status === 'idle') return null;
  const names = (ids: number[]) => ids.map((id) => chains[id]?.name ?? `chain ${id}`).join(', ');
  const words = sentence(state, names);
  const label = action(state);
  const busy = state.status === 'checking' || state.status === 'signingIn';
  const error = state.status === 'unreachable' || state.status === 'failed' ? state.error : undefined;
  return (
    <div className="sign-in" data-testid="sign-in" data-status={state.status} role="status" aria-live="polite" aria-busy={busy ? true : undefined}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {state.status === 'signedIn' ? <span className="sign-in-mark" aria-hidden="true">✓</span> : null}
      {words ? (
        <span className={`sign-in-words${label ? ' is-optional' : ''}`} title={error ? `${words} ${error.message}` : words}>
          {state.status === 'signingIn' ? W.signingIn : words}
        </span>
      ) : null}
      {label ? (
        <button
          type="button"
          className="sign-in-action"
          data-testid="sign-in-action"
          aria-label={words ? `${words} ${label}` : label}
          onClick={() => dispatch(signInActions.requested({ address: state.address }))}
        >
          {label}
        </button>
      ) : null}
      {error ? <span className="visually-hidden" data-testid="sign-in-error">{`${W.details}: ${error.message}`}</span> : null}
    </div>
  );
}

/** A Disconnect the backend did not sign out (docs/behaviour.md §13.4): said, with "Try again", until the next account. */
function SignOutFailed({ failure }: { failure: SignOutFailure }) {
  const dispatch = useAppDispatch();
  const words = W.signOutFailed(failure.address);
  return (
    <div className="sign-in" data-testid="sign-in" data-status="signOutFailed" role="status" aria-live="polite">
      <span className="sign-in-words is-optional" title={`${words} ${failure.error.message}`}>
        {words}
      </span>
      <button
        type="button"
        className="sign-in-action"
        data-testid="sign-in-action"
        aria-label={`${words} ${W.tryAgain}`}
        onClick={() => dispatch(signInActions.signOutRetried({ address: failure.address }))}
      >
        {W.tryAgain}
      </button>
      <span className="visually-hidden" data-testid="sign-in-error">{`${W.details}: ${failure.error.message}`}</span>
    </div>
  );
}

/**
 * Sign-in in the account menu (docs/behaviour.md §13.7): the header's state and its one action, for the
 * account the menu is about. Not a live region: the header already announces every change.
 */
export function SignInSection({ account }: { account: string }) {
  const dispatch = useAppDispatch();
  const chains = useChains();
  const state = useAppSelector(selectSignIn);
  if (state.status === 'off' || state.status === 'idle' || state.address !== account) return null;
  const names = (ids: number[]) => ids.map((id) => chains[id]?.name ?? `chain ${id}`).join(', ');
  const words = sentence(state, names);
  const label = action(state);
  const error = state.status === 'unreachable' || state.status === 'failed' ? state.error : undefined;
  return (
    <section className="menu-section sign-in-section" data-testid="menu-sign-in" data-status={state.status} aria-labelledby="menu-sign-in-title">
      <h3 id="menu-sign-in-title">{W.title}</h3>
      {words ? <p title={error ? `${words} ${error.message}` : undefined}>{words}</p> : null}
      {error ? <span className="visually-hidden">{`${W.details}: ${error.message}`}</span> : null}
      {label ? (
        <div className="actions">
          <button type="button" className="secondary" data-testid="menu-sign-in-action" onClick={() => dispatch(signInActions.requested({ address: state.address }))}>
            {label}
          </button>
        </div>
      ) : null}
    </section>
  );
}
