// "Network status" in the footer: which public endpoint serves each chain, for the curious and for
// support. The dialog and its panel load as one chunk, warmed up when the pointer or focus reaches the
// button; while it loads, the button says so.
import { Suspense, useState } from 'react';
import { lazyPart } from '../../ui/lazyPart';

const loadNetworkDialog = () => import(/* webpackChunkName: "network" */ './NetworkDialog');
// A chunk of its own: opened by few, and a failure to fetch it is shown in its place (lazyPart).
const NetworkDialog = lazyPart('The network panel', () => loadNetworkDialog().then((m) => ({ default: m.NetworkDialog })));
const preload = () => void loadNetworkDialog().catch(() => undefined);

export function NetworkStatus() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button" aria-haspopup="dialog" onPointerEnter={preload} onFocus={preload} onClick={() => setOpen(true)}>
        Network status
      </button>
      {open ? (
        <Suspense
          fallback={
            <span className="muted" role="status">
              Loading…
            </span>
          }
        >
          <NetworkDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
