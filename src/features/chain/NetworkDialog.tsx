// The "Network status" dialog with its panel: one chunk ("network"), loaded when the footer's button is
// pointed at, focused or pressed, so that the dialog code is not part of a first visit.
import { Dialog } from '../../ui/Dialog';
import { useLaterWords } from '../../i18n/later';
import { NetworkPanel } from './NetworkPanel';

export function NetworkDialog({ onClose }: { onClose: () => void }) {
  const words = useLaterWords();
  return (
    <Dialog title={words.t('network.title')} onClose={onClose} className="network-dialog" testId="network-dialog">
      <NetworkPanel />
    </Dialog>
  );
}
