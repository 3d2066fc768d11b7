// A wallet on a network this app does not support: which network it is on, and the networks it can
// switch to (docs/behaviour.md §6.6), for the banner and for Sign and send. A state most visits never
// meet, so it is a chunk of its own ("wrong-network", with the names of networks kept for naming
// only), loaded when the state comes; the header's "Wrong network" button says it at once meanwhile.
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectConnectionActivity } from '../../../store/selectors';
import { useShownWalletName } from './kindWords';
import { selectSwitchOffer } from '../../../store/switchOffer';
import { selectPageView } from '../../../store/viewedChain';
import { walletActions } from '../../../store/walletSlice';
import { chainName } from '../../lib/chains';
import { useChains } from '../../ui/chainsContext';
import { ActionButton } from './ActionButton';
import { ErrorMessage } from './ErrorMessage';
import { wrongNetworkInWords } from './wrongNetworkWords';
import { useLaterWords } from '../../i18n/later';
import { Sentence } from '../../i18n/react';

/**
 * "Switch to <chain>" for the current wallet on an unsupported network: the likely chains as buttons,
 * the rest (with `more`) behind a "More networks" disclosure. While a switch waits, what to do in the
 * wallet; `more` is the banner, which also announces it and offers "Stop waiting" (once on the page).
 */
export function SwitchOffer({ more = true }: { more?: boolean }) {
  const dispatch = useAppDispatch();
  const words = useLaterWords();
  const chains = useChains();
  const page = useAppSelector((s) => selectPageView(s, chains));
  const offer = useAppSelector((s) => selectSwitchOffer(s, chains));
  const activity = useAppSelector((s) => selectConnectionActivity(s, page.kind));
  const wallet = useShownWalletName(page.kind, words);
  if (activity.switchingTo !== undefined && !more) {
    return (
      <p className="banner-waiting muted">
        <span className="spinner" aria-hidden="true" /> <Sentence words={words} id="wrongNetwork.confirmSwitch" values={{ wallet: <bdi>{wallet}</bdi> }} />
      </p>
    );
  }
  if (activity.switchingTo !== undefined) {
    return (
      <p className="banner-waiting" role="status">
        <span className="spinner" aria-hidden="true" /> <Sentence words={words} id="wrongNetwork.confirmSwitch" values={{ wallet: <bdi>{wallet}</bdi> }} />{' '}
        <button type="button" className="secondary small" onClick={() => dispatch(walletActions.chainSwitchCancelled({ id: page.kind }))}>
          {words.t('wrongNetwork.stopWaiting')}
        </button>
      </p>
    );
  }
  const button = (target: number, className?: string) => (
    <ActionButton
      key={target}
      className={className}
      meaning={`switch-${target}`}
      onActivate={() => dispatch(walletActions.chainSwitchRequested({ id: page.kind, chainId: target }))}
    >
      <Sentence words={words} id="wrongNetwork.switchTo" values={{ chain: <bdi>{chainName(chains, target)}</bdi> }} />
    </ActionButton>
  );
  return (
    <div className="switch-offer" data-testid="switch-offer">
      {offer.likely.map((target) => button(target))}
      {more && offer.more.length > 0 ? (
        <details className="more-networks" data-testid="more-networks">
          <summary>{words.t('wrongNetwork.more')}</summary>
          <ul>
            {offer.more.map((target) => (
              <li key={target}>{button(target, 'secondary small')}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** The banner's content on an unsupported network: where the wallet is, the switch offer, a failed switch. */
export function WrongNetworkBanner() {
  const words = useLaterWords();
  const chains = useChains();
  const page = useAppSelector((s) => selectPageView(s, chains));
  const activity = useAppSelector((s) => selectConnectionActivity(s, page.kind));
  const wallet = useShownWalletName(page.kind, words);
  return (
    <div className="banner" role="alert" data-testid="unsupported">
      <p>{wrongNetworkInWords(chains, page.chainId, words)}</p>
      <SwitchOffer />
      {activity.switchError ? <ErrorMessage error={activity.switchError} wallet={wallet} prefix={words.t('wrongNetwork.notSwitched')} /> : null}
    </div>
  );
}

/** What Sign and send says on an unsupported network: where the wallet is, and the likely switches. */
export function WrongNetworkSignNote() {
  const words = useLaterWords();
  const chains = useChains();
  const page = useAppSelector((s) => selectPageView(s, chains));
  return (
    <div className="sign-away" data-testid="sign-switch">
      <p className="muted">
        {wrongNetworkInWords(chains, page.chainId, words)} {words.t('wrongNetwork.signNote')}
      </p>
      <SwitchOffer more={false} />
    </div>
  );
}
