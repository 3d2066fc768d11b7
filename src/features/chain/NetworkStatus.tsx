// "Network status" in the footer: which public endpoint serves each chain, for the curious and for
// support. The panel loads when it is opened.
import { Suspense, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { lazyPart } from '../../ui/lazyPart';

// A chunk of its own: opened by few, and a failure to fetch it stays inside its dialog.
const NetworkPanel = lazyPart('The network panel', () => import(/* webpackChunkName: "network" */ './NetworkPanel').then((m) => ({ default: m.NetworkPanel })));

export function NetworkStatus() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Network status
      </button>
      {open ? (
        <Dialog title="Network status" onClose={() => setOpen(false)} className="network-dialog" testId="network-dialog">
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <NetworkPanel />
          </Suspense>
        </Dialog>
      ) : null}
    </>
  );
}
