// Dialogs and corner notices: they open on events after the first paint, so App loads them lazily.
// Every kind gets every per-kind dialog and notice; each decides from state whether it shows.
import { CONNECTION_IDS } from '../lib/connectors/types';
import { CornerNotices } from '../features/wallet/CornerNotice';
import { ExtensionSuggestionDialog } from '../features/wallet/ExtensionSuggestionDialog';
import { QrDialog } from '../features/wallet/QrDialog';

export function Overlays() {
  return (
    <>
      {CONNECTION_IDS.map((id) => (
        <ExtensionSuggestionDialog key={id} id={id} />
      ))}
      {CONNECTION_IDS.map((id) => (
        <QrDialog key={id} id={id} />
      ))}
      <CornerNotices ids={CONNECTION_IDS} />
    </>
  );
}
