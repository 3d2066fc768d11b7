// Every way to connect in this browser and build, a row per kind as its face (its definition's, kept
// in the store) says: each browser extension that announced itself, by its own name and icon (a legacy
// `window.ethereum` without an announcement as "Browser wallet"), then the other kinds. Installed
// wallets first, "Recent" on the one used last; what cannot work in this build is not offered (the
// reason goes to the console, for the developer); with no browser wallet at all, a short "Get a wallet";
// last, "New to wallets?": what a wallet is and which one to get on which device, folded away.
import { useEffect, useLayoutEffect, useRef, type ReactElement } from 'react';
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
import type { Words } from '../../../i18n/words';
import { useLaterWords } from '../../../i18n/later';
import { kindWords, useShownWalletName } from '../kindWords';
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

function choicesOf(kinds: Kinds, words: Words): { installed: Choice[]; others: Choice[]; owned: boolean } {
  const installed: Choice[] = [];
  const others: Choice[] = [];
  // A page a kind owns (Safe{Wallet}'s frame, docs/behaviour.md §1.7) offers that kind alone.
  const owner = CONNECTION_IDS.find((kind) => kinds[kind].ownsPage === true);
  for (const kind of owner !== undefined ? [owner] : CONNECTION_IDS) {
    const info = kinds[kind];
    const announced = info.wallets ?? [];
    const isInstalled = info.installed === true || announced.length > 0;
    const part = isInstalled ? 'installed' : 'otherwise';
    const stated = info.face.note[part];
    if (!info.available || stated === undefined) continue;
    const note = kindWords(words, kind, `note.${part}`, stated, info.name);
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
  const words = useLaterWords();
  const kinds = useAppSelector(selectKinds);
  const recentKind = useAppSelector(selectRecentKind);
  const recentRdns = useAppSelector(selectChosenExtension);
  useUnavailableHints(kinds);
  const { installed, others, owned } = choicesOf(kinds, words);
  const isRecent = (c: Choice) => c.kind === recentKind && (c.rdns === undefined || c.rdns === recentRdns);
  // The one used last leads its section.
  const ordered = (list: Choice[]) => [...list.filter(isRecent), ...list.filter((c) => !isRecent(c))];
  const noBrowserWallet = !owned && !installed.some((c) => kinds[c.kind].face.browserWallets);
  // Where focus starts: the wallet used last, else the first.
  const first = [...ordered(installed), ...ordered(others)];
  const focusTarget = first.find(isRecent) ?? first[0];
  return (
    <div className="wallet-list" data-testid="wallet-list">
      {installed.length > 0 ? <Section id="installed" title={words.t('connect.installed')} choices={ordered(installed)} isRecent={isRecent} focusTarget={focusTarget} /> : null}
      {others.length > 0 ? (
        <Section
          id={installed.length > 0 ? 'more-ways-to-connect' : 'ways-to-connect'}
          title={installed.length > 0 ? words.t('connect.moreWays') : words.t('connect.ways')}
          choices={ordered(others)}
          isRecent={isRecent}
          focusTarget={focusTarget}
        />
      ) : null}
      {noBrowserWallet ? (
        <section className="get-a-wallet" aria-labelledby="get-a-wallet-title" data-testid="get-a-wallet">
          <h3 id="get-a-wallet-title">{words.t('connect.noBrowserWallet')}</h3>
          <p className="muted">{words.t('connect.walletHolds')}</p>
          <a href={GET_A_WALLET_URL} target="_blank" rel="noopener noreferrer">
            {words.t('connect.getWallet')}
            <span className="visually-hidden">{words.t('connect.newTab')}</span>
          </a>
        </section>
      ) : null}
      <WalletHelp />
    </div>
  );
}

/** What a wallet is, and which one to get on which device (this device's kind first), in a disclosure. */
function WalletHelp() {
  const words = useLaterWords();
  const phone = usePhoneLayout();
  const computer = (
    <li key="computer">
      <strong>{words.t('connect.help.onComputer')}</strong> {words.t('connect.help.computer')}
    </li>
  );
  const mobile = (
    <li key="phone">
      <strong>{words.t('connect.help.onPhone')}</strong> {words.t('connect.help.phone')}
    </li>
  );
  return (
    <details className="wallet-help" data-testid="wallet-help">
      <summary>{words.t('connect.help.title')}</summary>
      <p>{words.t('connect.help.intro')}</p>
      <ul>{phone ? [mobile, computer] : [computer, mobile]}</ul>
      <a href={GET_A_WALLET_URL} target="_blank" rel="noopener noreferrer">
        {words.t('connect.help.compare')}
        <span className="visually-hidden">{words.t('connect.newTab')}</span>
      </a>
    </details>
  );
}

interface ListProps {
  isRecent(c: Choice): boolean;
  focusTarget: Choice | undefined;
}

function Section({ id, title, choices, isRecent, focusTarget }: { id: string; title: string; choices: Choice[] } & ListProps) {
  // One group per kind (the black-box tests and the kind's state find it as `card-<kind>`).
  const groups: Choice[][] = [];
  for (const choice of choices) {
    const group = groups.find((g) => g[0]?.kind === choice.kind);
    if (group) group.push(choice);
    else groups.push([choice]);
  }
  // Named in English whatever the language: an id the page's words do not change.
  const headingId = `wallets-${id}`;
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
  const words = useLaterWords();
  // A kind's own row names the wallet behind its session when it said who it is ("Rainbow" through WalletConnect).
  const kindRowName = useShownWalletName(choice.kind, words);
  const storedName = useAppSelector((s) => (choice.rdns === undefined ? selectWalletName(s, choice.kind) : choice.name));
  const name = choice.rdns === undefined ? kindRowName : choice.name;
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
        <WalletIcon icon={icon} name={storedName} kind={choice.kind} />
        <span className="wallet-choice-text">
          <span className="wallet-choice-name">
            {/* Only the name shows; the rest of the sentence ("Connect …") is the button's name for screen readers. */}
            {words.parts<'connect.use' | 'connect.choose', ReactElement>(connected ? 'connect.use' : 'connect.choose', { wallet: <bdi key="name">{name}</bdi> }).map((piece, i) =>
              typeof piece === 'string' ? (
                <span key={i} className="visually-hidden">
                  {piece}
                </span>
              ) : (
                piece
              ),
            )}
          </span>
          <span className="wallet-choice-note">{choice.note}</span>
        </span>
        {recent ? <span className="tag">{words.t('connect.recent')}</span> : null}
        {status !== undefined ? <StatusBadge status={status} /> : null}
      </button>
    </li>
  );
}
