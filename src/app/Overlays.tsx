// Dialogs and corner notices: they open on events after the first paint, so App loads them lazily.
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
      <CornerNotices ids={['coinbase', 'walletconnect']} />
      <QrDialog id="walletconnect" />
    </>
  );
}
