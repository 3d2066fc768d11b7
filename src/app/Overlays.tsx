// Corner notices for mobile-link wallets ("Confirm on phone", "Connection lost"): they appear on
// events after the first paint, so App loads them lazily.
import { CONNECTION_IDS } from '../lib/connectors/types';
import { CornerNotices } from '../features/wallet/CornerNotice';

export function Overlays() {
  return <CornerNotices ids={CONNECTION_IDS} />;
}
