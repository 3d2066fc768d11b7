// Another wallet kind that is connected (or on its way), in the account menu: switch to it (it becomes
// the wallet in view; nothing is asked of it) or disconnect it.
import { useAppDispatch, useAppSelector } from '../../../../store/hooks';
import { selectConnection, selectKindView, selectWalletIcon, selectWalletName } from '../../../../store/selectors';
import { chainApi } from '../../../../store/chainApi';
import { uiActions } from '../../../../store/uiSlice';
import { walletActions } from '../../../../store/walletSlice';
import type { ConnectionId } from '../../../lib/connectors/types';
import { shortAddress } from '../../../ui/address';
import { Avatar } from '../../../ui/Avatar';
import { ActionButton } from '../ActionButton';
import { StatusBadge } from '../connect/StatusBadge';
import { useShownWalletName } from '../kindWords';
import { WalletIcon } from '../WalletIcon';
import { useLaterWords } from '../../../i18n/later';

export function OtherWallet({ id }: { id: ConnectionId }) {
  const dispatch = useAppDispatch();
  const words = useLaterWords();
  const view = useAppSelector((s) => selectKindView(s, id));
  const storedName = useAppSelector((s) => selectWalletName(s, id));
  const name = useShownWalletName(id, words);
  const icon = useAppSelector((s) => selectWalletIcon(s, id));
  const account = useAppSelector((s) => selectConnection(s, id).accounts?.[0]);
  // Its one picture, as where it was in view: the avatar its name already has, read nothing new for it.
  const avatar = useAppSelector((s) => {
    const chainId = selectConnection(s, id).chainId;
    return account !== undefined && chainId !== undefined ? (chainApi.endpoints.getName.select({ chainId, address: account })(s).data?.avatar ?? undefined) : undefined;
  });
  const usable = view === 'Connected' || view === 'Unsupported network';
  return (
    <li className="other-wallet" data-testid={`card-${id}`} data-status={view}>
      <WalletIcon icon={icon} name={storedName} kind={id} />
      {account ? <Avatar address={account} image={avatar} size={24} /> : null}
      <span className="other-wallet-text">
        <bdi className="other-wallet-name">{name}</bdi>
        {account ? <span className="mono muted" title={account} dir="ltr">{shortAddress(account)}</span> : null}
      </span>
      <StatusBadge status={view} />
      <span className="actions">
        {usable ? (
          <ActionButton meaning="use" className="small" onActivate={() => dispatch(walletActions.currentChosen({ id }))}>
            {words.t('menu.useWallet')}
            <span className="visually-hidden">
              {' '}
              (<bdi>{name}</bdi>)
            </span>
          </ActionButton>
        ) : view === 'Error' || view === 'Reload required' ? (
          <ActionButton meaning="show" className="small secondary" onActivate={() => dispatch(uiActions.connectDialogShowed({ id }))}>
            {words.t('menu.whatHappened')}
            <span className="visually-hidden">{words.t('menu.withWallet', { wallet: name })}</span>
          </ActionButton>
        ) : null}
        <ActionButton meaning="disconnect" className="small secondary" onActivate={() => dispatch(walletActions.disconnectRequested({ id }))}>
          {words.t('menu.disconnect')}
          <span className="visually-hidden">
            {' '}
            <bdi>{name}</bdi>
          </span>
        </ActionButton>
      </span>
    </li>
  );
}
