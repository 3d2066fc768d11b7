// The header's controls while a wallet is connected (or on a network the app does not support): the
// network button beside the account button. In the page's first script: for a returning user it is
// the first screen, and "Connected" waits for no chunk (docs/architecture.md).
import type { PageView } from '../../../store/viewedChain';
import { SignInSlot } from '../signIn/SignInSlot';
import { AccountButton } from './AccountButton';
import { NetworkButton } from './NetworkButton';

export default function ConnectedControls({ page }: { page: PageView }) {
  return (
    <div className="wallet-controls">
      <NetworkButton page={page} />
      <AccountButton page={page} />
      <SignInSlot />
    </div>
  );
}
