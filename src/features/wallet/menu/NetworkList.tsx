// The header's network list: the networks the wallet in view can be switched to, grouped, the current
// one marked (docs/behaviour.md §6.1). Picking one asks the wallet, as the account menu does; the list
// closes once the wallet is on the chain picked, and stays open with the reason when it is not.
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../../store/hooks';
import { uiActions } from '../../../../store/uiSlice';
import { selectPageView, type PageView } from '../../../../store/viewedChain';
import { useChains } from '../../../ui/chainsContext';
import { Dialog } from '../../../ui/Dialog';
import { NetworkSection } from './NetworkSection';
import { useLaterWords } from '../../../i18n/later';
import './menu.css';

const networkButton = () => document.querySelector<HTMLElement>('[data-testid=network-button]') ?? document.querySelector<HTMLElement>('[data-wallet-control]');

export default function NetworkList() {
  const chains = useChains();
  const open = useAppSelector((s) => s.ui.networkListOpen);
  const page = useAppSelector((s) => selectPageView(s, chains));
  const inView = page.view === 'Connected' || page.view === 'Unsupported network';
  // Mounted only while open: what was picked is forgotten with the list.
  return open && inView ? <NetworkListDialog page={page} /> : null;
}

function NetworkListDialog({ page }: { page: PageView }) {
  const dispatch = useAppDispatch();
  const words = useLaterWords();
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const arrived = picked !== undefined && page.view === 'Connected' && page.chainId === picked;
  useEffect(() => {
    // The wallet is on the chain picked: done.
    if (arrived) dispatch(uiActions.networkListClosed());
  }, [arrived, dispatch]);
  return (
    <Dialog title={words.t('menu.switchNetwork')} onClose={() => dispatch(uiActions.networkListClosed())} className="network-list" testId="network-list" fallbackFocus={networkButton}>
      <NetworkSection kind={page.kind} chainId={page.chainId} expanded onSwitch={setPicked} />
    </Dialog>
  );
}
