// The wallet kinds' own words on screen (src/features/wallet/kindWords.ts): the catalogue's
// `kind.<id>.<part>` sentences are, in English, exactly what each kind states (its definition's name and
// face, its connector's limitation and extension), so that the English page reads the same whichever
// the words come from; every such key names a kind and a part the screen asks for; and words that lack
// a key (English's first part, a language without it) show the kind's own.
import { en } from '../../src/i18n/catalogues/en';
import { enLater } from '../../src/i18n/catalogues/en.later';
import { englishLater } from '../../src/i18n/later';
import { createWords } from '../../src/i18n/words';
import { kindWords, type KindPart } from '../../src/features/wallet/kindWords';
import { CoinbaseConnector, COINBASE_NEEDS_SECURE_PAGE, type CoinbaseHost } from '../../src/lib/connectors/coinbase';
import { ETHEREUM_BLOCKED_REASON } from '../../src/lib/connectors/injected';
import { kindDefinition } from '../../src/lib/connectors/registry';
import { CONNECTION_IDS, type ConnectionId } from '../../src/lib/connectors/types';
import { WalletConnectConnector } from '../../src/lib/connectors/walletconnect';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { memoryStorage } from '../../src/lib/storage';
import { createMemoryStorage } from '../support/webStorage';

const PARTS: readonly KindPart[] = ['name', 'note.installed', 'note.otherwise', 'timeoutWords', 'progress', 'extension', 'limitation'];

/** What each kind states, by the key its words have in the catalogue. */
function statedWords(): Record<string, string> {
  const stated: Record<string, string> = {};
  for (const id of CONNECTION_IDS) {
    const { name, face } = kindDefinition(id);
    stated[`kind.${id}.name`] = name;
    if (face.note.installed !== undefined) stated[`kind.${id}.note.installed`] = face.note.installed;
    if (face.note.otherwise !== undefined) stated[`kind.${id}.note.otherwise`] = face.note.otherwise;
    if (face.timeoutWords !== undefined) stated[`kind.${id}.timeoutWords`] = face.timeoutWords;
    if (face.progress !== undefined) stated[`kind.${id}.progress`] = face.progress;
  }
  const host = { navigator: { userAgent: 'desktop' }, localStorage: createMemoryStorage(), location: { href: 'https://walletdeck.test/' } } as unknown as CoinbaseHost;
  const coinbase = new CoinbaseConnector({ appName: 'Walletdeck', appLogoUrl: '/favicon.svg', appChainIds: [1], preference: 'all', host, webCrypto: true });
  const extension = coinbase.extensionSuggestion()?.name;
  if (extension !== undefined) stated['kind.coinbase.extension'] = extension;
  stated['kind.injected.limitation'] = ETHEREUM_BLOCKED_REASON;
  stated['kind.coinbase.limitation'] = COINBASE_NEEDS_SECURE_PAGE;
  const walletconnect = new WalletConnectConnector({
    projectId: 'p',
    chains: buildChainTable({}, 'http://127.0.0.1:8545'),
    metadata: { name: 'Walletdeck', description: '', url: 'https://walletdeck.test', icons: [] },
    storage: memoryStorage(),
    storageRemembered: false,
  });
  if (walletconnect.limitation !== undefined) stated['kind.walletconnect.limitation'] = walletconnect.limitation;
  return stated;
}

const kindKeys = Object.keys(enLater).filter((key) => key.startsWith('kind.'));

function split(key: string): { id: ConnectionId; part: KindPart } {
  const [, id, ...rest] = key.split('.');
  return { id: id as ConnectionId, part: rest.join('.') as KindPart };
}

describe("the kinds' words", () => {
  const stated = statedWords();

  it.each(kindKeys)('%s names a kind and a part the screen shows', (key) => {
    const { id, part } = split(key);
    expect(CONNECTION_IDS).toContain(id);
    expect(PARTS).toContain(part);
  });

  it.each(kindKeys)('%s is, in English, exactly what its kind states', (key) => {
    const { id, part } = split(key);
    expect(kindWords(englishLater, id, part, 'not from the catalogue', kindDefinition(id).name)).toBe(stated[key]);
  });

  it("every note, timeout, progress, extension and limitation a kind states is in the catalogue (a kind's brand name need not be)", () => {
    const missing = Object.keys(stated).filter((key) => !key.endsWith('.name') && !(key in enLater));
    expect(missing).toEqual([]);
  });

  it("words without the key show the kind's own: English's first part, and a catalogue that lacks it", () => {
    const first = createWords('en', en);
    expect(kindWords(first, 'walletconnect', 'limitation', 'As the kind says it', 'WalletConnect')).toBe('As the kind says it');
    const other = createWords('de', { ...en, ...enLater, 'kind.safe.note.otherwise': 'Dieser Safe, in {wallet}' });
    expect(kindWords(other, 'safe', 'note.otherwise', 'This Safe, in Safe{Wallet}', 'Safe{Wallet}')).toBe('Dieser Safe, in Safe{Wallet}');
    expect(kindWords(other, 'safe', 'name', 'Safe{Wallet}', 'Safe{Wallet}')).toBe('Safe{Wallet}');
  });
});
