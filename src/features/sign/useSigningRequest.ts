import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectSigningRequest, type SigningTarget } from '../../../store/signingSelectors';
import { isInFlight, signingActions, type SigningInput, type SigningKind } from '../../../store/signingSlice';

/** A form's request: its state, whether it is in flight, how to send, and how to say the input changed. */
export function useSigningRequest(kind: SigningKind) {
  const dispatch = useAppDispatch();
  const request = useAppSelector((s) => selectSigningRequest(s, kind));
  const busy = isInFlight(request);
  const send = (target: SigningTarget, input: SigningInput) => dispatch(signingActions.requested({ ...target, input }));
  // A new input clears an old result (never a request still waiting on the wallet).
  const edited = () => {
    if (request && !busy) dispatch(signingActions.inputEdited({ kind }));
  };
  return { request, busy, send, edited };
}
