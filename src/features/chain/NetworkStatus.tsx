// "Network status" in the footer: which public endpoint serves each chain, for the curious and for
// support. The panel loads when it is opened.
import { Suspense, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { lazyPart } from '../../ui/lazyPart';

const NetworkPanel = lazyPart('The network status', () => import(/* webpackChunkName: "later" */ './NetworkPanel').then((m) => ({ default: m.NetworkPanel })));

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
