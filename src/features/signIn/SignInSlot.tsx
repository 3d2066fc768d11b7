// Where the header shows sign-in (docs/behaviour.md §13.7), in the first script: nothing while sign-in
// is off or no wallet is connected; otherwise SignInStatus, which comes with the `signin` chunk (the
// sign-in sagas load it when a wallet connects) and brings its words with it.
import { useAppSelector } from '../../../store/hooks';
import { useWords } from '../../i18n/react';
import { WithPart } from '../parts';

export function SignInSlot() {
  const words = useWords();
  const shown = useAppSelector((s) => s.signIn.status !== 'off' && s.signIn.status !== 'connecting' && (s.signIn.status !== 'idle' || s.signIn.signOutFailed !== undefined));
  if (!shown) return null;
  return (
    <WithPart name="signInStatus" what={words.t('part.signIn')}>
      {({ SignInStatus }) => <SignInStatus />}
    </WithPart>
  );
}
