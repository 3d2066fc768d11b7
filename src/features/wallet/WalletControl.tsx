// The header's one wallet control: "Connect wallet" while no wallet is connected, "Reconnecting…"
// while the wallet of the last visit comes back, and once one is connected the network button beside
// the account button (the account button is the control `[data-wallet-control]`). It
// always shows the current connection (docs/behaviour.md §1.2). `data-kind` / `data-status` name what it shows.
// The connect dialog is in the "dialogs" chunk, warmed up when the pointer or focus reaches "Connect
// wallet"; the connected controls are in the first script (a returning user's first screen).
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectWaitsForScan } from '../../../store/selectors';
import { uiActions } from '../../../store/uiSlice';
import { selectPageView } from '../../../store/viewedChain';
import { useChains } from '../../ui/chainsContext';
import { useWarmUp } from '../parts';
import { useWords } from '../../i18n/react';
import ConnectedControls from './ConnectedControls';

export function WalletControl() {
  const dispatch = useAppDispatch();
  const words = useWords();
  const chains = useChains();
  const page = useAppSelector((s) => selectPageView(s, chains));
  const warmUp = useWarmUp('dialogs');
  // Behind a QR code that waits for a scan nothing is connecting yet: the dialog says so, the header has no spinner.
  const scanning = useAppSelector((s) => selectWaitsForScan(s, page.kind));
  const waiting = page.view === 'Reconnecting' || (page.view === 'Connecting' && !scanning);
  if (page.view === 'Connected' || page.view === 'Unsupported network') {
    return <ConnectedControls page={page} />;
  }
  // A connection under way, or one that went wrong, opens on its own progress (Back leads to the list).
  const showsKind = page.view === 'Reconnecting' || page.view === 'Connecting' || page.view === 'Error' || page.view === 'Reload required';
  const open = () => dispatch(showsKind ? uiActions.connectDialogShowed({ id: page.kind }) : uiActions.connectDialogOpened());
  return (
    <button
      type="button"
      className="connect-button"
      data-testid="connect-button"
      data-wallet-control=""
      data-kind={page.kind}
      data-status={page.view}
      aria-haspopup="dialog"
      aria-busy={waiting ? true : undefined}
      data-scanning={scanning ? '' : undefined}
      onClick={open}
      onPointerEnter={warmUp}
      onFocus={warmUp}
    >
      {waiting ? <span className="spinner" aria-hidden="true" /> : null}
      {page.view === 'Reconnecting' ? words.t('header.reconnecting') : waiting ? words.t('header.connecting') : words.t('header.connect')}
    </button>
  );
}
