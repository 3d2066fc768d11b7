// The deployer's chain configuration file (WALLETDECK_CHAINS, docs/behaviour.md §3.6), checked and turned into
// the table the app receives, at build time only. Every mistake is one line naming the entry and the
// field; any mistake and nothing is built. The file's text is untrusted: nothing in it is used before
// it is checked.
import { builtInChain, buildChainTable, orderedTable, RETIRED_CHAIN_IDS, type ChainKeys } from './chainDefaults';
import { canBeTarget, chainIds, DEVELOPMENT_CHAIN_ID, offeredChainIds, type ChainInfo, type ChainTable, type NativeCurrency } from './chains';
import { CONNECTION_IDS, isConnectionId, type ConnectionId } from './connectors/types';
import { isRecord } from './guards';
import { MAX_SAFE_CHAIN_ID, checksumAddress, safeIconUri } from './validation';
import { jsonSyntaxError, lineColumn } from './jsonSyntax';

/** What the build hands the app (src/config.ts reads it): plain JSON. */
export interface BuiltChains {
  chains: ChainTable;
  allowedChainIds: Record<ConnectionId, number[]>;
}

export interface ChainSettings {
  /** The deployer's file: its name as given (for messages) and its text; absent for the defaults. */
  file?: { label: string; text: string };
  keys?: ChainKeys;
  /** The development chain's URL; the chain is in the table when given. */
  developmentRpcUrl?: string;
}

export type ChainSettingsResult = { problems: string[]; built?: undefined } | { problems: []; built: BuiltChains };

const TOP_FIELDS = ['chains', 'allowed', 'defaultChain'];
const CHAIN_FIELDS = ['id', 'name', 'rpcUrls', 'nativeCurrency', 'blockExplorerUrls', 'icon', 'testnet', 'ensRegistry', 'ensUniversalResolver', 'namesChain'];
const CURRENCY_FIELDS = ['name', 'symbol', 'decimals'];
/** Every byte of an icon is on the first visit. */
export const MAX_CHAIN_ICON_LENGTH = 2000;
const MAX_NAME_LENGTH = 64;

const CHAIN_ID = `an integer from 1 to ${MAX_SAFE_CHAIN_ID}`;
const quote = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};
const list = (names: readonly string[]): string => `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
const isChainId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SAFE_CHAIN_ID;

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Collects the file's mistakes, each as `<where> (chain <id>): <what>`. */
class Problems {
  readonly lines: string[] = [];
  add(where: string, chainId: number | undefined, what: string): void {
    this.lines.push(`${where}${chainId === undefined ? '' : ` (chain ${chainId})`}: ${what}`);
  }
}

/** Builds the table from the defaults, or from the deployer's file when there is one. */
export function buildChains(settings: ChainSettings = {}): ChainSettingsResult {
  const keys = settings.keys ?? {};
  const devUrl = settings.developmentRpcUrl;
  if (!settings.file) {
    const chains = buildChainTable(keys, devUrl);
    return { problems: [], built: { chains, allowedChainIds: defaultAllowedChainIds(chains) } };
  }
  const { label, text } = settings.file;
  const prefix = (line: string) => `WALLETDECK_CHAINS=${label}: ${line}.`;
  // A byte order mark (some editors on Windows write one) is not part of the JSON.
  const source = text.startsWith('\ufeff') ? text.slice(1) : text;
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    return { problems: [prefix(describeJsonError(source, error))] };
  }
  const problems = new Problems();
  const built = checkFile(json, keys, devUrl, problems);
  if (problems.lines.length > 0 || !built) return { problems: problems.lines.map(prefix) };
  return { problems: [], built };
}

/**
 * A JSON syntax error as `line <n>, column <n>: not valid JSON: <what>`: at the position the parser
 * names ("at position N"), else at the first mistake the scanner finds (the parser names none for a
 * trailing comma); the parser's own message, on one line, when neither can tell where.
 */
export function describeJsonError(text: string, error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  const found = jsonSyntaxError(text);
  const parserAt = /at position (\d+)/.exec(message);
  const offset = parserAt ? Number(parserAt[1]) : found?.offset;
  if (offset === undefined || offset > text.length) return `not valid JSON (${message})`;
  const { line, column } = lineColumn(text, offset);
  const what = found?.offset === offset ? found.what : message.replace(/ in JSON at position \d+.*$/, '');
  return `line ${line}, column ${column}: not valid JSON: ${what}`;
}

/**
 * Why a value is not a chain id, when it is a chain id written as a hexadecimal string ("0x2105"):
 * the decimal id to write instead. Undefined for anything else.
 */
function hexChainIdProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^0[xX][0-9A-Fa-f]{1,14}$/.test(value)) return undefined;
  const id = Number.parseInt(value.slice(2), 16);
  return isChainId(id) ? `${quote(value)} is not a chain id: use the decimal id ${id}` : undefined;
}

/** The line for a value that is not a chain id. */
const notAChainId = (value: unknown): string => hexChainIdProblem(value) ?? `${quote(value)} is not a chain id (${CHAIN_ID})`;

function checkFile(json: unknown, keys: ChainKeys, devUrl: string | undefined, problems: Problems): BuiltChains | undefined {
  if (!isRecord(json)) {
    problems.add('the file', undefined, `expected an object with ${list(TOP_FIELDS.map((f) => `"${f}"`))}, got ${quote(json)}`);
    return undefined;
  }
  for (const field of Object.keys(json)) {
    if (!TOP_FIELDS.includes(field)) problems.add(field, undefined, `unknown field (expected ${list(TOP_FIELDS)})`);
  }
  // Ids the file names in "chains", valid or not: a later reference to one of them is not a second mistake.
  const mentioned = new Set<number>();
  const chains = json['chains'] === undefined ? defaultChains(keys, devUrl) : checkChains(json['chains'], keys, devUrl, problems, mentioned);
  const table = orderedTable(chains);
  checkNamesChains(chains, table, problems);
  const allowed = checkAllowed(json['allowed'], table, mentioned, problems);
  const shown = checkDefaultChain(json['defaultChain'], table, mentioned, problems);
  if (problems.lines.length > 0) return undefined;
  const final = shown === undefined ? table : { ...table, [shown]: { ...table[shown], shownBeforeConnect: true } as ChainInfo };
  return { chains: final, allowedChainIds: allowedFor(final, allowed) };
}

/** A chain's `namesChain` must be a chain of the table with a Universal Resolver (docs/behaviour.md §3.6). */
function checkNamesChains(chains: readonly ChainInfo[], table: ChainTable, problems: Problems): void {
  for (const chain of chains) {
    if (chain.namesChain === undefined) continue;
    const names = table[chain.namesChain];
    if (!names) problems.add('namesChain', chain.id, `chain ${chain.namesChain} is not in "chains"`);
    else if (!names.ensUniversalResolver) problems.add('namesChain', chain.id, `chain ${chain.namesChain} has no "ensUniversalResolver"`);
  }
}

function defaultChains(keys: ChainKeys, devUrl: string | undefined): ChainInfo[] {
  const table = buildChainTable(keys, devUrl);
  return chainIds(table).map((id) => table[id] as ChainInfo);
}

/** Every kind's list when the deployer sets none: every chain of the table that can be offered (docs/behaviour.md §2.3). */
export function defaultAllowedChainIds(table: ChainTable): Record<ConnectionId, number[]> {
  return allowedFor(table, {});
}

/** Every kind's list: the file's, else every chain that can be offered; plus the development chain when the build has one. */
function allowedFor(table: ChainTable, fromFile: Partial<Record<ConnectionId, number[]>>): Record<ConnectionId, number[]> {
  const dev = canBeTarget(table[DEVELOPMENT_CHAIN_ID]) ? [DEVELOPMENT_CHAIN_ID] : [];
  const every = chainIds(table);
  return Object.fromEntries(
    CONNECTION_IDS.map((kind) => {
      const listed = fromFile[kind];
      return [kind, offeredChainIds(table, listed ? [...listed, ...dev] : every)];
    }),
  ) as Record<ConnectionId, number[]>;
}

function checkChains(raw: unknown, keys: ChainKeys, devUrl: string | undefined, problems: Problems, mentioned: Set<number>): ChainInfo[] {
  if (!Array.isArray(raw)) {
    problems.add('chains', undefined, `expected a list of chain ids and chain objects, got ${quote(raw)}`);
    return [];
  }
  if (raw.length === 0) problems.add('chains', undefined, 'the list is empty: give at least one chain (or leave "chains" out for the defaults)');
  const chains: ChainInfo[] = [];
  const firstAt = new Map<number, number>();
  raw.forEach((entry: unknown, index) => {
    const where = `chains[${index}]`;
    const rawId = isRecord(entry) ? entry['id'] : entry;
    if (!isRecord(entry) && typeof entry !== 'number') {
      problems.add(where, undefined, hexChainIdProblem(entry) ?? `expected a chain id or a chain object, got ${quote(entry)}`);
      return;
    }
    if (isRecord(entry) && rawId === undefined) {
      problems.add(`${where}.id`, undefined, `missing: every chain object needs its id (${CHAIN_ID})`);
      return;
    }
    if (!isChainId(rawId)) {
      problems.add(isRecord(entry) ? `${where}.id` : where, undefined, notAChainId(rawId));
      return;
    }
    const id = rawId;
    mentioned.add(id);
    const earlier = firstAt.get(id);
    if (earlier !== undefined) {
      problems.add(where, id, `duplicate: chain ${id} is already chains[${earlier}]`);
      return;
    }
    firstAt.set(id, index);
    const known = builtInChain(id, keys, devUrl);
    if (known?.retired) {
      problems.add(where, id, `${known.name} is a retired network: remove it (retired networks stay known by name and are never offered)`);
      return;
    }
    if (typeof entry === 'number') {
      if (known) chains.push(known);
      else problems.add(where, id, `not a built-in chain: give it as an object with "id", "name", "rpcUrls" and "nativeCurrency"`);
      return;
    }
    const chain = checkChainObject(entry as Record<string, unknown>, where, id, known, problems);
    if (chain) chains.push(chain);
  });
  // The development chain is in every build that has one, first unless the file places it.
  const dev = builtInChain(DEVELOPMENT_CHAIN_ID, keys, devUrl);
  if (devUrl && dev && !firstAt.has(DEVELOPMENT_CHAIN_ID)) chains.unshift(dev);
  // Retired networks stay known by name (a wallet on one is told it is retired).
  for (const id of RETIRED_CHAIN_IDS) {
    const retired = builtInChain(id);
    if (retired && !firstAt.has(id)) chains.push(retired);
  }
  return chains;
}

function checkChainObject(
  entry: Record<string, unknown>,
  where: string,
  id: number,
  known: ChainInfo | undefined,
  problems: Problems,
): ChainInfo | undefined {
  const before = problems.lines.length;
  const at = (field: string) => `${where}.${field}`;
  for (const field of Object.keys(entry)) {
    if (!CHAIN_FIELDS.includes(field)) problems.add(at(field), id, `unknown field (expected ${list(CHAIN_FIELDS)})`);
  }
  const chain: ChainInfo = known ? { ...known } : { id, name: '', rpcUrls: [], icon: '' };

  const name = entry['name'];
  if (name !== undefined) {
    if (typeof name === 'string' && name.trim() !== '' && name.length <= MAX_NAME_LENGTH) chain.name = name.trim();
    else problems.add(at('name'), id, `expected a name of 1 to ${MAX_NAME_LENGTH} characters, got ${quote(name)}`);
  } else if (!known) {
    problems.add(at('name'), id, 'missing: a chain that is not built in needs a name');
  }

  const rpcUrls = checkUrls(entry, 'rpcUrls', where, id, problems);
  if (rpcUrls) chain.rpcUrls = rpcUrls;
  else if (!known && entry['rpcUrls'] === undefined) problems.add(at('rpcUrls'), id, 'missing: a chain that is not built in needs its RPC URLs (a list of http:// or https:// URLs)');
  const explorers = checkUrls(entry, 'blockExplorerUrls', where, id, problems);
  if (explorers) chain.blockExplorerUrls = explorers;

  if (entry['nativeCurrency'] !== undefined) {
    const currency = checkCurrency(entry['nativeCurrency'], at('nativeCurrency'), id, problems);
    if (currency) chain.nativeCurrency = currency;
  } else if (!chain.nativeCurrency && (rpcUrls?.length ?? 0) > 0) {
    problems.add(
      at('nativeCurrency'),
      id,
      'missing: a chain with RPC URLs can be added to a wallet, which needs its native currency ({ "name", "symbol", "decimals": 18 })',
    );
  }

  const icon = entry['icon'];
  if (icon !== undefined) {
    if (typeof icon === 'string' && (icon === '' || (safeIconUri(icon) === icon && icon.length <= MAX_CHAIN_ICON_LENGTH))) chain.icon = icon;
    else problems.add(at('icon'), id, `expected a data:image/svg+xml or data:image/png URI of at most ${MAX_CHAIN_ICON_LENGTH} characters (drawn inline, never fetched), or ""`);
  }
  const testnet = entry['testnet'];
  if (testnet !== undefined) {
    if (typeof testnet === 'boolean') {
      if (testnet) chain.testnet = true;
      else delete chain.testnet;
    } else {
      problems.add(at('testnet'), id, `expected true or false, got ${quote(testnet)}`);
    }
  }
  const registry = entry['ensRegistry'];
  if (registry !== undefined) {
    const address = checksumAddress(registry);
    if (address) chain.ensRegistry = address;
    else problems.add(at('ensRegistry'), id, `expected an address (0x and 40 hex digits), got ${quote(registry)}`);
  }
  const universal = entry['ensUniversalResolver'];
  if (universal !== undefined) {
    const address = checksumAddress(universal);
    if (address) chain.ensUniversalResolver = address;
    else problems.add(at('ensUniversalResolver'), id, `expected an address (0x and 40 hex digits), got ${quote(universal)}`);
  }
  const namesChain = entry['namesChain'];
  if (namesChain !== undefined) {
    if (isChainId(namesChain)) chain.namesChain = namesChain;
    else problems.add(at('namesChain'), id, `expected the id of the chain that holds this chain's names (${CHAIN_ID}), got ${quote(namesChain)}`);
  }
  return problems.lines.length === before ? chain : undefined;
}

/** A list of http(s) URLs under `field`, undefined when absent or wrong (the mistake is recorded). */
function checkUrls(entry: Record<string, unknown>, field: string, where: string, id: number, problems: Problems): string[] | undefined {
  const raw = entry[field];
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) {
    problems.add(`${where}.${field}`, id, `expected a list of http:// or https:// URLs, got ${quote(raw)}`);
    return undefined;
  }
  let ok = true;
  raw.forEach((url: unknown, index) => {
    if (isHttpUrl(url)) return;
    ok = false;
    problems.add(`${where}.${field}[${index}]`, id, `${quote(url)} is not an http:// or https:// URL`);
  });
  return ok ? raw.map((url: string) => url) : undefined;
}

function checkCurrency(raw: unknown, where: string, id: number, problems: Problems): NativeCurrency | undefined {
  if (!isRecord(raw)) {
    problems.add(where, id, `expected { "name", "symbol", "decimals": 18 }, got ${quote(raw)}`);
    return undefined;
  }
  const before = problems.lines.length;
  for (const field of Object.keys(raw)) {
    if (!CURRENCY_FIELDS.includes(field)) problems.add(`${where}.${field}`, id, `unknown field (expected ${list(CURRENCY_FIELDS)})`);
  }
  const { name, symbol, decimals } = raw;
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_LENGTH) {
    problems.add(`${where}.name`, id, `expected a name of 1 to ${MAX_NAME_LENGTH} characters, got ${quote(name)}`);
  }
  // EIP-3085: wallets accept a symbol of 2 to 6 characters.
  if (typeof symbol !== 'string' || symbol.length < 2 || symbol.length > 6 || symbol.trim() !== symbol) {
    problems.add(`${where}.symbol`, id, `expected a symbol of 2 to 6 characters, got ${quote(symbol)}`);
  }
  if (decimals !== 18) problems.add(`${where}.decimals`, id, `expected 18 (every native currency has 18 decimals), got ${quote(decimals)}`);
  return problems.lines.length === before ? { name: (name as string).trim(), symbol: symbol as string, decimals: 18 } : undefined;
}

/**
 * Why `id` cannot be offered (or shown), undefined when it can; null for a chain whose own entry in
 * "chains" was already reported.
 */
function targetProblem(id: number, table: ChainTable, mentioned: Set<number>, purpose: 'offered' | 'shown'): string | undefined | null {
  const chain = table[id];
  if (!chain) return mentioned.has(id) ? null : `chain ${id} is not in the table (add it to "chains")`;
  const { name } = chain;
  if (chain.retired) return `chain ${id} (${name}) is a retired network and is never ${purpose}`;
  if (!canBeTarget(chain)) return `chain ${id} (${name}) has no RPC URL, so it cannot be ${purpose}`;
  return undefined;
}

function checkAllowed(raw: unknown, table: ChainTable, mentioned: Set<number>, problems: Problems): Partial<Record<ConnectionId, number[]>> {
  const allowed: Partial<Record<ConnectionId, number[]>> = {};
  if (raw === undefined) return allowed;
  if (!isRecord(raw)) {
    problems.add('allowed', undefined, `expected an object with a list of chain ids per wallet kind (${list([...CONNECTION_IDS])}), got ${quote(raw)}`);
    return allowed;
  }
  for (const [kind, ids] of Object.entries(raw)) {
    const where = `allowed.${kind}`;
    if (!isConnectionId(kind)) {
      problems.add(where, undefined, `unknown wallet kind (expected ${list([...CONNECTION_IDS])})`);
      continue;
    }
    if (!Array.isArray(ids)) {
      problems.add(where, undefined, `expected a list of chain ids, got ${quote(ids)}`);
      continue;
    }
    if (ids.length === 0) {
      problems.add(where, undefined, 'the list is empty: a wallet kind needs at least one chain (leave the kind out to allow every chain)');
      continue;
    }
    const seen = new Set<number>();
    ids.forEach((id: unknown, index) => {
      const at = `${where}[${index}]`;
      if (!isChainId(id)) return problems.add(at, undefined, notAChainId(id));
      if (seen.has(id)) return problems.add(at, undefined, `chain ${id} is listed twice`);
      seen.add(id);
      const problem = targetProblem(id, table, mentioned, 'offered');
      if (problem) problems.add(at, undefined, problem);
    });
    allowed[kind] = ids.filter(isChainId);
  }
  return allowed;
}

function checkDefaultChain(raw: unknown, table: ChainTable, mentioned: Set<number>, problems: Problems): number | undefined {
  if (raw === undefined) return undefined;
  if (!isChainId(raw)) {
    problems.add('defaultChain', undefined, notAChainId(raw));
    return undefined;
  }
  const problem = targetProblem(raw, table, mentioned, 'shown');
  if (problem) problems.add('defaultChain', undefined, problem);
  return problem === undefined ? raw : undefined;
}
