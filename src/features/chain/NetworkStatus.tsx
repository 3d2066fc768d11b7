// "Network status" in the footer: which public endpoint serves each chain, for the curious and for
// support. The dialog is in the "dialogs" chunk, warmed up when the pointer or focus reaches the
// button; while it loads, the button says so, and a failure to fetch it is shown in its place.
import { useState } from 'react';
import { useWarmUp, WithPart } from '../parts';

export function NetworkStatus() {
  const [open, setOpen] = useState(false);
  const preload = useWarmUp('dialogs');
  return (
    <>
      <button type="button" className="link-button" aria-haspopup="dialog" onPointerEnter={preload} onFocus={preload} onClick={() => setOpen(true)}>
        Network status
      </button>
      {open ? (
        <WithPart
          name="dialogs"
          what="The network panel"
          fallback={
            <span className="muted" role="status">
              Loading…
            </span>
          }
        >
          {({ NetworkDialog }) => <NetworkDialog onClose={() => setOpen(false)} />}
        </WithPart>
      ) : null}
    </>
  );
}
