// On a phone: the pairing link itself ("Open in wallet app", handled by whichever wallet registered
// `wc:`), and well-known wallets' own links carrying it, each with its mark. The wallet chosen is
// remembered on this device and listed first next time.
import { useState } from 'react';
import { useLaterWords } from '../../../i18n/later';
import { WalletAppMark } from './walletAppMarks';
import { orderedWalletApps, readChosenWalletApp, rememberWalletApp } from './walletApps';

export default function OpenInWalletApp({ uri }: { uri: string }) {
  const words = useLaterWords();
  const [chosen, setChosen] = useState(readChosenWalletApp);
  const apps = orderedWalletApps(chosen);
  return (
    <div className="wallet-apps">
      <a className="button-link primary" href={uri} data-testid="open-in-wallet-app">
        {words.t('pairing.openInApp')}
      </a>
      <p className="muted wallet-apps-intro">{words.t('pairing.pickWallet')}</p>
      <ul className="wallet-app-list">
        {apps.map((app) => (
          <li key={app.id}>
            <a
              className="button-link wallet-app-link"
              href={app.link(uri)}
              data-wallet={app.id}
              onClick={() => {
                rememberWalletApp(app.id);
                setChosen(app.id);
              }}
            >
              <WalletAppMark id={app.id} />
              <span className="wallet-app-name">
                <bdi>{app.name}</bdi>
                {app.id === chosen ? <span className="muted wallet-app-last">{words.t('pairing.lastUsed')}</span> : null}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
