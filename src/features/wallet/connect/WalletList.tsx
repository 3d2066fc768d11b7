// Every way to connect in this browser and build, a row per kind as its face (its definition's, kept
// in the store) says: each browser extension that announced itself, by its own name and icon (a legacy
// `window.ethereum` without an announcement as "Browser wallet"), then the other kinds. Installed
// wallets first, "Recent" on the one used last; what cannot work in this build is not offered (the
// reason goes to the console, for the developer); with no browser wallet at all, a short "Get a wallet";
// last, "New to wallets?": what a wallet is and which one to get on which device, folded away.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../../store/hooks';
import {
  selectActiveExtension,
  selectChosenExtension,
  selectKinds,
  selectKindView,
  selectPassedSuggestion,
  selectRecentKind,
  selectWalletIcon,
  selectWalletName,
} from '../../../../store/selectors';
import { uiActions } from '../../../../store/uiSlice';
import { walletActions } from '../../../../store/walletSlice';
import { CONNECTION_IDS, type ConnectionId, type ConnectorInfo } from '../../../lib/connectors/types';
import { StatusBadge } from './StatusBadge';
import { usePhoneLayout } from './usePhoneLayout';
import { WalletIcon } from '../WalletIcon';

export const GET_A_WALLET_URL = 'https://ethereum.org/en/wallets/find-wallet/';

/** One way to connect, as a row of the list. */
interface Choice {
  kind: ConnectionId;
  /** The browser extension to use (EIP-6963 rdns), for the browser-extension kind. */
  rdns?: string;
  name: string;
  icon: string;
  note: string;
}

type Kinds = Readonly<Record<ConnectionId, ConnectorInfo>>;

function choicesOf(kinds: Kinds): { installed: Choice[]; others: Choice[]; owned: boolean } {
  const installed: Choice[] = [];
  const others: Choice[] = [];
  // A page a kind owns (Safe{Wallet}'s frame, docs/behaviour.md §1.7) offers that kind alone.
  const owner = CONNECTION_IDS.find((kind) => kinds[kind].ownsPage === true);
  for (const kind of owner !== undefined ? [owner] : CONNECTION_IDS) {
    const info = kinds[kind];
    const announced = info.wallets ?? [];
    const isInstalled = info.installed === true || announced.length > 0;
    const note = isInstalled ? info.face.note.installed : info.face.note.otherwise;
    if (!info.available || note === undefined) continue;
    const list = isInstalled ? installed : others;
    if (announced.length > 0) for (const w of announced) list.push({ kind, rdns: w.rdns, name: w.name, icon: w.icon, note });
    else list.push({ kind, name: info.name, icon: '', note });
  }
  return { installed, others, owned: owner !== undefined };
}

const hinted = new Set<ConnectionId>();

/** Tells the developer, once per kind and page, why a kind is not offered. */
function useUnavailableHints(kinds: Kinds) {
  useEffect(() => {
    for (const [kind, info] of Object.entries(kinds) as Array<[ConnectionId, ConnectorInfo]>) {
      // A kind with no reason is simply not offered on this page (outside its host's frame): nothing to hint.
      if (info.available || info.unavailableReason === undefined || hinted.has(kind)) continue;
      hinted.add(kind);
      console.info(`[walletdeck] ${info.name} is not offered in this build: ${info.unavailableReason}`);
    }
  }, [kinds]);
}

export function WalletList() {
  const kinds = useAppSelector(selectKinds);
  const recentKind = useAppSelector(selectRecentKind);
  const recentRdns = useAppSelector(selectChosenExtension);
  useUnavailableHints(kinds);
  const { installed, others, owned } = choicesOf(kinds);
  const isRecent = (c: Choice) => c.kind === recentKind && (c.rdns === undefined || c.rdns === recentRdns);
  // The one used last leads its section.
  const ordered = (list: Choice[]) => [...list.filter(isRecent), ...list.filter((c) => !isRecent(c))];
  const noBrowserWallet = !owned && !installed.some((c) => kinds[c.kind].face.browserWallets);
  // Where focus starts: the wallet used last, else the first.
  const first = [...ordered(installed), ...ordered(others)];
  const focusTarget = first.find(isRecent) ?? first[0];
  return (
    <div className="wallet-list" data-testid="wallet-list">
      {installed.length > 0 ? <Section title="Installed" choices={ordered(installed)} isRecent={isRecent} focusTarget={focusTarget} /> : null}
      {others.length > 0 ? (
        <Section title={installed.length > 0 ? 'More ways to connect' : 'Ways to connect'} choices={ordered(others)} isRecent={isRecent} focusTarget={focusTarget} />
      ) : null}
      {noBrowserWallet ? (
        <section className="get-a-wallet" aria-labelledby="get-a-wallet-title" data-testid="get-a-wallet">
          <h3 id="get-a-wallet-title">No browser wallet found</h3>
          <p className="muted">A wallet holds your accounts and asks you before a site does anything with them.</p>
          <a href={GET_A_WALLET_URL} target="_blank" rel="noopener noreferrer">
            Get a wallet<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </section>
      ) : null}
      <WalletHelp />
    </div>
  );
}

/** What a wallet is, and which one to get on which device (this device's kind first), in a disclosure. */
function WalletHelp() {
  const phone = usePhoneLayout();
  const computer = (
    <li key="computer">
      <strong>On a computer:</strong> a browser extension, such as MetaMask or Coinbase Wallet, added to Chrome, Firefox, Brave or Edge.
    </li>
  );
  const mobile = (
    <li key="phone">
      <strong>On a phone:</strong> a wallet app, such as MetaMask, Coinbase Wallet, Trust Wallet or Rainbow, from the App Store or Google Play; then connect here with WalletConnect.
    </li>
  );
  return (
    <details className="wallet-help" data-testid="wallet-help">
      <summary>New to wallets?</summary>
      <p>A wallet is an app that keeps your accounts. Connecting shows this site your address; nothing is signed or sent until you approve it in the wallet.</p>
      <ul>{phone ? [mobile, computer] : [computer, mobile]}</ul>
      <a href={GET_A_WALLET_URL} target="_blank" rel="noopener noreferrer">
        Compare wallets<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </details>
  );
}

interface ListProps {
  isRecent(c: Choice): boolean;
  focusTarget: Choice | undefined;
}

function Section({ title, choices, isRecent, focusTarget }: { title: string; choices: Choice[] } & ListProps) {
  // One group per kind (the black-box tests and the kind's state find it as `card-<kind>`).
  const groups: Choice[][] = [];
  for (const choice of choices) {
    const group = groups.find((g) => g[0]?.kind === choice.kind);
    if (group) group.push(choice);
    else groups.push([choice]);
  }
  const headingId = `wallets-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="wallet-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <ul className="wallet-choices">
        {groups.map((group) => (
          <KindGroup key={group[0]!.kind} choices={group} isRecent={isRecent} focusTarget={focusTarget} />
        ))}
      </ul>
    </section>
  );
}

function KindGroup({ choices, isRecent, focusTarget }: { choices: Choice[] } & ListProps) {
  const kind = choices[0]!.kind;
  const view = useAppSelector((s) => selectKindView(s, kind));
  const active = useAppSelector(selectActiveExtension);
  // The kind's state sits beside the wallet it is about: for extensions, the one in use.
  const statusOwner = choices.find((c) => c.rdns !== undefined && c.rdns === active?.rdns) ?? choices[0];
  return (
    <li className="wallet-kind" data-testid={`card-${kind}`} data-status={view}>
      <ul className="wallet-kind-choices">
        {choices.map((choice) => (
          <ChoiceRow
            key={choice.rdns ?? choice.kind}
            choice={choice}
            recent={isRecent(choice)}
            focusFirst={choice === focusTarget}
            status={choice === statusOwner ? view : undefined}
          />
        ))}
      </ul>
    </li>
  );
}

function ChoiceRow({ choice, recent, focusFirst, status }: { choice: Choice; recent: boolean; focusFirst: boolean; status: ReturnType<typeof selectKindView> | undefined }) {
  const dispatch = useAppDispatch();
  const kinds = useAppSelector(selectKinds);
  const chosenExtension = useAppSelector(selectChosenExtension);
  const passedSuggestion = useAppSelector((s) => selectPassedSuggestion(s, choice.kind));
  // A kind's own row names the wallet behind its session when it said who it is ("Rainbow" through WalletConnect).
  const name = useAppSelector((s) => (choice.rdns === undefined ? selectWalletName(s, choice.kind) : choice.name));
  const icon = useAppSelector((s) => (choice.rdns === undefined ? selectWalletIcon(s, choice.kind) : choice.icon));
  const ref = useRef<HTMLButtonElement>(null);
  // Opening the list, or coming back to it, focus is on the wallet used last (else the first).
  useLayoutEffect(() => {
    if (focusFirst) ref.current?.focus();
  }, [focusFirst]);
  const connected = status === 'Connected' || status === 'Unsupported network';
  const choose = () => {
    const { kind, rdns } = choice;
    // A new pick only: telling the connector again re-describes it, work that would sit before the wallet is asked.
    if (kinds[kind].face.browserWallets && rdns !== chosenExtension) dispatch(walletActions.extensionChosen(rdns === undefined ? {} : { rdns }));
    if (connected) {
      // Already connected: it becomes the wallet in view, nothing is asked.
      dispatch(walletActions.currentChosen({ id: kind }));
      dispatch(uiActions.connectDialogClosed());
      return;
    }
    // A missing browser extension is suggested first (its dialog step says how to go on without it), once.
    if (kinds[kind].extensionSuggestion && !passedSuggestion) dispatch(walletActions.extensionSuggestionShown({ id: kind }));
    else dispatch(walletActions.connectRequested({ id: kind }));
  };
  return (
    <li className="wallet-choice-row">
      <button
        ref={ref}
        type="button"
        className="wallet-choice"
        data-autofocus={focusFirst ? '' : undefined}
        onClick={choose}
        onPointerEnter={() => dispatch(walletActions.connectIntent({ id: choice.kind }))}
        onFocus={() => dispatch(walletActions.connectIntent({ id: choice.kind }))}
      >
        <WalletIcon icon={icon} name={name} kind={choice.kind} />
        <span className="wallet-choice-text">
          <span className="wallet-choice-name">
            <span className="visually-hidden">{connected ? 'Use ' : 'Connect '}</span>
            {name}
          </span>
          <span className="wallet-choice-note">{choice.note}</span>
        </span>
        {recent ? <span className="tag">Recent</span> : null}
        {status !== undefined ? <StatusBadge status={status} /> : null}
      </button>
    </li>
  );
}
