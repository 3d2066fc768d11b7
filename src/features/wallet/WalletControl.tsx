// The header's one wallet control: "Connect wallet" while no wallet is connected, "Reconnecting…"
// while the wallet of the last visit comes back, and once one is connected the network button beside
// the account button (the account button is the control `[data-wallet-control]`). It
// always shows the current connection (docs/behaviour.md §1.2). `data-kind` / `data-status` name what it shows.
// The connected controls are in the "connected" chunk, asked for as soon as a connection is under
// way (src/walletApp.ts), and warmed up when the pointer or focus reaches "Connect wallet".
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { uiActions } from '../../../store/uiSlice';
import { selectPageView } from '../../../store/viewedChain';
import { useChains } from '../../ui/chainsContext';
import { useWarmUp, WithPart } from '../parts';

export function WalletControl() {
  const dispatch = useAppDispatch();
  const chains = useChains();
  const page = useAppSelector((s) => selectPageView(s, chains));
  const warmUp = useWarmUp('connected');
  const waiting = page.view === 'Reconnecting' || page.view === 'Connecting';
  if (page.view === 'Connected' || page.view === 'Unsupported network') {
    return (
      <WithPart name="connected" what="The wallet controls" fallback={<div className="wallet-controls" aria-busy="true" data-testid="wallet-controls-loading" />}>
        {({ ConnectedControls }) => <ConnectedControls page={page} />}
      </WithPart>
    );
  }
  // A connection under way, or one that went wrong, opens on its own progress (Back leads to the list).
  const showsKind = waiting || page.view === 'Error' || page.view === 'Reload required';
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
      onClick={open}
      onPointerEnter={warmUp}
      onFocus={warmUp}
    >
      {waiting ? <span className="spinner" aria-hidden="true" /> : null}
      {page.view === 'Reconnecting' ? 'Reconnecting…' : page.view === 'Connecting' ? 'Connecting…' : 'Connect wallet'}
    </button>
  );
}
