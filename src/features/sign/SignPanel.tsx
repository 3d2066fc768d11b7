// The "Sign and send" panel (the lazily loaded part): who signs (the account, its network, its
// wallet), then a message, typed data with its preview, and a transfer with its fee. It only reads
// the store and dispatches requests; sagas talk to the wallet. (The account's recent transactions are
// in the account menu.)
import { AddressGroups } from '../../ui/AddressGroups';
import { useChains } from '../../ui/chainsContext';
import { chainName } from '../../lib/chains';
import { useAppSelector } from '../../../store/hooks';
import { selectSigningTarget } from '../../../store/signingSelectors';
import { selectWalletName } from '../../../store/selectors';
import { useLaterWords } from '../../i18n/later';
import { Sentence } from '../../i18n/react';
import { MessageForm } from './MessageForm';
import { TransferForm } from './TransferForm';
import { TypedDataForm } from './TypedDataForm';

export default function SignPanel() {
  const target = useAppSelector(selectSigningTarget);
  const chains = useChains();
  const words = useLaterWords();
  const walletName = useAppSelector((s) => (target ? selectWalletName(s, target.connectionId) : ''));
  if (!target) return null;
  return (
    <>
      <p className="muted" data-testid="sign-target">
        <Sentence
          words={words}
          id="sign.target"
          values={{
            account: (
              <span className="mono" dir="ltr">
                <AddressGroups address={target.account} />
              </span>
            ),
            chain: <bdi>{chainName(chains, target.chainId)}</bdi>,
            wallet: <bdi>{walletName}</bdi>,
          }}
        />
      </p>
      <div className="sign-forms">
        <MessageForm target={target} />
        <TypedDataForm key={`${target.chainId}`} target={target} />
        <TransferForm target={target} />
      </div>
    </>
  );
}
