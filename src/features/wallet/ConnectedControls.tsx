// The header's controls while a wallet is connected (or on a network the app does not support): the
// network button beside the account button. A chunk of its own ("connected", with the overview's
// account part): a first visit loads it when the pointer or focus reaches "Connect wallet", a
// returning user's page as soon as the silent reconnect starts (src/features/wallet/lazy.ts).
import type { PageView } from '../../../store/viewedChain';
import { AccountButton } from './AccountButton';
import { NetworkButton } from './NetworkButton';

export default function ConnectedControls({ page }: { page: PageView }) {
  return (
    <div className="wallet-controls">
      <NetworkButton page={page} />
      <AccountButton page={page} />
    </div>
  );
}
