// Sign-in in the header, beside the account button (docs/behaviour.md §13.7), as RainbowKit shows it:
// what is going on in words, and the one action that state offers ("Sign in as …", Retry, Sign in
// again). Each is a real button (the keyboard reaches it); the words are announced politely. Below
// 480 px the header keeps only a mark (✓, a spinner, or "!" when sign-in waits for the user), and the
// account menu, which shows the same state and action in a section of its own (SignInSection), is
// where a phone's user reads and acts on it.
// In the `signin` chunk (the header shows it through SignInSlot) and the menu's `dialogs`: its words
// are English's later part (src/i18n/later.ts), never in the first script.
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectSignIn } from '../../../store/signInSelectors';
import { signInActions, type SignInState, type SignOutFailure } from '../../../store/signInSlice';
import { useLaterWords } from '../../i18n/later';
import type { Words } from '../../i18n/words';
import { shortAddress } from '../../ui/address';
import { useChains } from '../../ui/chainsContext';
import './signIn.css';

function sentence(words: Words, state: SignInState, chainNames: (ids: number[]) => string): string | undefined {
  switch (state.status) {
    case 'checking':
      return words.t('signIn.checking');
    case 'signingIn':
      return words.t('signIn.signingInDetail');
    case 'signedIn':
      return words.t('signIn.signedIn', { address: shortAddress(state.address) });
    case 'declined':
      return words.t('signIn.declined');
    case 'chainNotAllowed':
      return words.t('signIn.chainNotAllowed', { chains: chainNames(state.allowedChainIds) });
    case 'unreachable':
      return words.t('signIn.unreachable');
    case 'failed':
      return words.t('signIn.failed');
    case 'expired':
      return words.t('signIn.expired');
    default:
      return undefined;
  }
}

function action(words: Words, state: SignInState): string | undefined {
  switch (state.status) {
    case 'signedOut':
      return words.t('signIn.signInAs', { address: shortAddress(state.address) });
    case 'declined':
      return words.t('signIn.signIn');
    case 'unreachable':
      return words.t('signIn.retry');
    case 'failed':
      return words.t('signIn.tryAgain');
    case 'expired':
      return words.t('signIn.signInAgain');
    default:
      return undefined;
  }
}

/** The state's sentence, its action and its error, in the page's language. */
function useSignInView(state: SignInState) {
  const words = useLaterWords();
  const chains = useChains();
  const list = new Intl.ListFormat(words.locale, { type: 'conjunction' });
  const names = (ids: number[]) => list.format(ids.map((id) => chains[id]?.name ?? String(id)));
  return {
    words,
    sentence: sentence(words, state, names),
    label: action(words, state),
    error: state.status === 'unreachable' || state.status === 'failed' ? state.error : undefined,
  };
}

export function SignInStatus() {
  const state = useAppSelector(selectSignIn);
  if (state.status === 'idle' && state.signOutFailed) return <SignOutFailed failure={state.signOutFailed} />;
  // A connect that signs in within its approval shows its progress in the connect dialog.
  if (state.status === 'off' || state.status === 'idle' || state.status === 'connecting') return null;
  return <HeaderStatus state={state} />;
}

type AboutAnAccount = Exclude<SignInState, { status: 'off' | 'idle' | 'connecting' }>;

function HeaderStatus({ state }: { state: AboutAnAccount }) {
  const dispatch = useAppDispatch();
  const { words, sentence: said, label, error } = useSignInView(state);
  const busy = state.status === 'checking' || state.status === 'signingIn';
  return (
    <div className="sign-in" data-testid="sign-in" data-status={state.status} role="status" aria-live="polite" aria-busy={busy ? true : undefined}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {state.status === 'signedIn' ? <span className="sign-in-mark" aria-hidden="true">✓</span> : null}
      {label !== undefined || state.status === 'chainNotAllowed' ? <span className="sign-in-mark is-narrow" aria-hidden="true">!</span> : null}
      {said ? (
        <span className={`sign-in-words${label ? ' is-optional' : ''}`} title={error ? `${said} ${error.message}` : said}>
          {state.status === 'signingIn' ? words.t('signIn.signingIn') : said}
        </span>
      ) : null}
      {label ? (
        <button
          type="button"
          className="sign-in-action"
          data-testid="sign-in-action"
          aria-label={said ? `${said} ${label}` : label}
          onClick={() => dispatch(signInActions.requested({ address: state.address }))}
        >
          {label}
        </button>
      ) : null}
      {error ? <span className="visually-hidden" data-testid="sign-in-error">{`${words.t('details.summary')}: ${error.message}`}</span> : null}
    </div>
  );
}

/** A Disconnect the backend did not sign out (docs/behaviour.md §13.4): said, with "Try again", until the next account. */
function SignOutFailed({ failure }: { failure: SignOutFailure }) {
  const dispatch = useAppDispatch();
  const words = useLaterWords();
  const said = words.t('signIn.signOutFailed', { address: shortAddress(failure.address) });
  const label = words.t('signIn.tryAgain');
  return (
    <div className="sign-in" data-testid="sign-in" data-status="signOutFailed" role="status" aria-live="polite">
      <span className="sign-in-words is-optional" title={`${said} ${failure.error.message}`}>
        {said}
      </span>
      <button
        type="button"
        className="sign-in-action is-kept"
        data-testid="sign-in-action"
        aria-label={`${said} ${label}`}
        onClick={() => dispatch(signInActions.signOutRetried({ address: failure.address }))}
      >
        {label}
      </button>
      <span className="visually-hidden" data-testid="sign-in-error">{`${words.t('details.summary')}: ${failure.error.message}`}</span>
    </div>
  );
}

/**
 * Sign-in in the account menu (docs/behaviour.md §13.7): the header's state and its one action, for the
 * account the menu is about. Not a live region: the header already announces every change.
 */
export function SignInSection({ account }: { account: string }) {
  const state = useAppSelector(selectSignIn);
  if (state.status === 'off' || state.status === 'idle' || state.status === 'connecting' || state.address !== account) return null;
  return <MenuSection state={state} />;
}

function MenuSection({ state }: { state: AboutAnAccount }) {
  const dispatch = useAppDispatch();
  const { words, sentence: said, label, error } = useSignInView(state);
  return (
    <section className="menu-section sign-in-section" data-testid="menu-sign-in" data-status={state.status} aria-labelledby="menu-sign-in-title">
      <h3 id="menu-sign-in-title">{words.t('signIn.title')}</h3>
      {said ? <p title={error ? `${said} ${error.message}` : undefined}>{said}</p> : null}
      {error ? <span className="visually-hidden">{`${words.t('details.summary')}: ${error.message}`}</span> : null}
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
