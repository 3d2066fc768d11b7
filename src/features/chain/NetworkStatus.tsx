// "Network status" in the footer: which public endpoint serves each chain, for the curious and for
// support. The dialog is in the "dialogs" chunk, warmed up when the pointer or focus reaches the
// button; while it loads, the button says so, and a failure to fetch it is shown in its place.
import { useState } from 'react';
import { useWords } from '../../i18n/react';
import { useWarmUp, WithPart } from '../parts';

export function NetworkStatus() {
  const words = useWords();
  const [open, setOpen] = useState(false);
  const preload = useWarmUp('dialogs');
  return (
    <>
      <button type="button" className="link-button" aria-haspopup="dialog" onPointerEnter={preload} onFocus={preload} onClick={() => setOpen(true)}>
        {words.t('footer.networkStatus')}
      </button>
      {open ? (
        <WithPart
          name="dialogs"
          what={words.t('part.networkPanel')}
          fallback={
            <span className="muted" role="status">
              {words.t('loading')}
            </span>
          }
        >
          {({ NetworkDialog }) => <NetworkDialog onClose={() => setOpen(false)} />}
        </WithPart>
      ) : null}
    </>
  );
}
