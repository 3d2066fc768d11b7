// Hostile values for the property tests, and the invariants every wallet state must keep (docs/behaviour.md §1, §2).
// Values are generated as plain descriptors and built fresh at each use: fast-check can print and
// shrink a descriptor, while the value itself may be a Proxy whose every trap throws.
import { types } from 'node:util';
import fc from 'fast-check';
import { getAddress } from 'ethers';
import { CONNECTION_IDS } from '../../src/lib/connectors/types';
import { MAX_SAFE_CHAIN_ID } from '../../src/lib/validation';
import type { WalletState } from '../../store/walletSlice';

// ---- run settings (not rules of the product) ----

/** `FUZZ_SEED` fixes the run (CI default below); `FUZZ_RUNS` multiplies every count for long runs. */
export const FUZZ_SEED = Number.parseInt(process.env['FUZZ_SEED'] ?? '', 10) || 20261123;
export const FUZZ_RUNS = Number.parseFloat(process.env['FUZZ_RUNS'] ?? '') > 0 ? Number.parseFloat(process.env['FUZZ_RUNS'] ?? '') : 1;

/** Milliseconds of real time (jest's fake timers leave hrtime alone). */
export const realNow = (): number => Number(process.hrtime.bigint() / 1_000_000n);

export function fuzzFigures(what: string, count: number, started: number): string {
  const line = `fuzz: ${count} ${what} in ${((realNow() - started) / 1000).toFixed(1)} s (seed ${FUZZ_SEED}, FUZZ_RUNS ${FUZZ_RUNS})`;
  process.stdout.write(`${line}\n`);
  return line;
}

// ---- hostile values ----

export type Hostile =
  | { k: 'num'; v: number }
  | { k: 'bigint'; v: string }
  | { k: 'str'; v: string }
  | { k: 'hugeStr'; n: number }
  | { k: 'addr'; hex: string; casing: AddressCasing }
  | { k: 'list'; items: Hostile[] }
  | { k: 'sparse'; n: number }
  | { k: 'nullProto'; fields: Record<string, Hostile> }
  | { k: 'object'; fields: Record<string, Hostile> }
  | { k: 'throwingToString' }
  | { k: 'throwingGetters' }
  | { k: 'proxyThrows'; target: 'object' | 'array' | 'function' }
  | { k: 'revoked' }
  | { k: 'lyingList'; hex: string }
  | { k: 'cyclic' }
  | { k: 'error'; code: Hostile; message: Hostile; nested?: number }
  | { k: 'errorLike'; code: Hostile; message: Hostile; name: Hostile; nested?: number }
  | { k: 'special'; v: Special };

export type AddressCasing = 'lower' | 'upper' | 'checksum' | 'badChecksum' | 'no0x' | 'bigX' | 'short' | 'long' | 'spaced';
type Special = 'undefined' | 'null' | 'true' | 'false' | 'symbol' | 'function' | 'date' | 'map' | 'set' | 'u8' | 'regex' | 'promise' | 'emptyList' | 'nan';

const hex40 = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => Buffer.from(b).toString('hex'));

/** Numbers wallets and attackers like: bounds of the chain id range, unsafe integers, fractions. */
export const edgeNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 2, 10, 137, 56, 31337, 1.5, MAX_SAFE_CHAIN_ID, MAX_SAFE_CHAIN_ID + 1, 2 ** 53, 2 ** 53 + 2, 1e21, 1e300, Infinity, -Infinity, NaN),
  fc.integer(),
  fc.double(),
);

const chainishString = fc.oneof(
  fc.constantFrom('0x1', '0X1', '0x', '0x0', '0xg', ' 0x1 ', '0xa', '0x89', '0x38', '0x00001', '1', '01', '10', '1e3', '', ' ', '-1', '1.0', '0x10000000000000', '0xfffffffffffec', '0xfffffffffffed', '4503599627370476', '4503599627370477', '0x' + 'f'.repeat(80), 'NaN', 'Infinity', '__proto__', 'constructor'),
  fc.string({ maxLength: 12 }),
  fc.bigInt({ min: 0n, max: 2n ** 70n }).map((n) => `0x${n.toString(16)}`),
);

function leaf(): fc.Arbitrary<Hostile> {
  return fc.oneof(
    edgeNumber.map((v) => ({ k: 'num' as const, v })),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((v) => ({ k: 'bigint' as const, v: v.toString() })),
    chainishString.map((v) => ({ k: 'str' as const, v })),
    fc.constantFrom(1_000, 100_000).map((n) => ({ k: 'hugeStr' as const, n })),
    fc.record({ hex: hex40, casing: fc.constantFrom<AddressCasing>('lower', 'upper', 'checksum', 'badChecksum', 'no0x', 'bigX', 'short', 'long', 'spaced') }).map((r) => ({ k: 'addr' as const, ...r })),
    fc.constantFrom(1, 3).map((n) => ({ k: 'sparse' as const, n })),
    fc.constant({ k: 'throwingToString' as const }),
    fc.constant({ k: 'throwingGetters' as const }),
    fc.constantFrom('object', 'array', 'function').map((target) => ({ k: 'proxyThrows' as const, target: target as 'object' | 'array' | 'function' })),
    fc.constant({ k: 'revoked' as const }),
    hex40.map((hex) => ({ k: 'lyingList' as const, hex })),
    fc.constant({ k: 'cyclic' as const }),
    fc
      .constantFrom<Special>('undefined', 'null', 'true', 'false', 'symbol', 'function', 'date', 'map', 'set', 'u8', 'regex', 'promise', 'emptyList', 'nan')
      .map((v) => ({ k: 'special' as const, v })),
  );
}

const codeish = fc.oneof(
  fc.constantFrom(4001, 4100, 4200, 4900, 4901, 4902, 1013, 1011, -32002, -32603, -32000, -32050, 6000, 0).map((v) => ({ k: 'num' as const, v })),
  leaf(),
);

/** Any hostile value: leaves, lists and objects of them, errors with hostile fields. */
export const hostile: fc.Arbitrary<Hostile> = fc.oneof(
  { weight: 6, arbitrary: leaf() },
  { weight: 2, arbitrary: fc.array(leaf(), { maxLength: 4 }).map((items) => ({ k: 'list' as const, items })) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('chainId', 'code', 'message', 'name', 'id', 'data', 'toString', '__proto__', 'then'), leaf(), { maxKeys: 3 }).map((fields) => ({ k: 'nullProto' as const, fields })),
  },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('chainId', 'code', 'message', 'name', 'id', 'data', 'toJSON', 'then'), leaf(), { maxKeys: 3 }).map((fields) => ({ k: 'object' as const, fields })),
  },
  { weight: 2, arbitrary: fc.record({ code: codeish, message: leaf(), nested: fc.option(fc.constantFrom(4902, 4001), { nil: undefined }) }).map((r) => ({ k: 'error' as const, ...r })) },
  {
    weight: 2,
    arbitrary: fc.record({ code: codeish, message: leaf(), name: leaf(), nested: fc.option(fc.constantFrom(4902, 4001), { nil: undefined }) }).map((r) => ({ k: 'errorLike' as const, ...r })),
  },
);

function address(hex: string, casing: AddressCasing): string {
  const good = getAddress(`0x${hex}`);
  switch (casing) {
    case 'lower':
      return `0x${hex.toLowerCase()}`;
    case 'upper':
      return `0x${hex.toUpperCase()}`;
    case 'checksum':
      return good;
    case 'badChecksum': {
      // Flip the case of one letter of a checksummed address: a typo the checksum must catch.
      const body = good.slice(2);
      const at = body.search(/[a-fA-F]/);
      if (at < 0) return `0x${body.slice(0, 39)}g`; // all digits: make it invalid another way
      const c = body.charAt(at);
      const flipped = c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
      const bad = `0x${body.slice(0, at)}${flipped}${body.slice(at + 1)}`;
      // A single flip of an otherwise all-lower or all-upper body is no mixed case; flip a second.
      return bad.slice(2) === bad.slice(2).toLowerCase() || bad.slice(2) === bad.slice(2).toUpperCase() ? `0x${body.slice(0, 39)}g` : bad;
    }
    case 'no0x':
      return hex;
    case 'bigX':
      return `0X${hex}`;
    case 'short':
      return `0x${hex.slice(1)}`;
    case 'long':
      return `0x${hex}0`;
    case 'spaced':
      return ` ${good} `;
  }
}

const boom = () => {
  throw new Error('hostile: trap');
};
const throwingHandler: ProxyHandler<object> = {
  get: boom,
  has: boom,
  ownKeys: boom,
  getOwnPropertyDescriptor: boom,
  getPrototypeOf: boom,
  set: boom,
  defineProperty: boom,
  deleteProperty: boom,
  apply: boom,
  construct: boom,
  isExtensible: boom,
  preventExtensions: boom,
  setPrototypeOf: boom,
};

/** Builds a fresh hostile value from its descriptor. */
export function build(h: Hostile): unknown {
  switch (h.k) {
    case 'num':
      return h.v;
    case 'bigint':
      return BigInt(h.v);
    case 'str':
      return h.v;
    case 'hugeStr':
      return '0x' + '1'.repeat(h.n);
    case 'addr':
      return address(h.hex, h.casing);
    case 'list':
      return h.items.map(build);
    case 'sparse':
      // eslint-disable-next-line no-sparse-arrays -- a list with holes is the point
      return h.n === 1 ? [, '0x0000000000000000000000000000000000000001'] : new Array(h.n);
    case 'nullProto': {
      const o = Object.create(null) as Record<string, unknown>;
      for (const [key, value] of Object.entries(h.fields)) Object.defineProperty(o, key, { value: build(value), enumerable: true, configurable: true, writable: true });
      return o;
    }
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(h.fields)) {
        const v = build(value);
        if (key === 'toJSON' || key === 'then') o[key] = boom;
        else o[key] = v;
      }
      return o;
    }
    case 'throwingToString':
      return { toString: boom, valueOf: boom, toJSON: boom, [Symbol.toPrimitive]: boom };
    case 'throwingGetters': {
      const o = {};
      for (const key of ['code', 'message', 'name', 'chainId', 'data', 'length', 'stack', 'id', 'accounts', 'then', 'toJSON']) {
        Object.defineProperty(o, key, { get: boom, enumerable: true });
      }
      return o;
    }
    case 'proxyThrows':
      return new Proxy(h.target === 'array' ? [] : h.target === 'function' ? function target() {} : {}, throwingHandler);
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable([], {});
      revoke();
      return proxy;
    }
    case 'lyingList': {
      // A list whose first item reads as a valid address once, and as garbage afterwards.
      let reads = 0;
      const good = getAddress(`0x${h.hex}`);
      return new Proxy([good], {
        get(target, key, receiver) {
          if (key === '0') return reads++ === 0 ? good : { toString: boom };
          return Reflect.get(target, key, receiver);
        },
      });
    }
    case 'cyclic': {
      const o: Record<string, unknown> = { code: 4001, message: 'cyclic' };
      o['self'] = o;
      o['data'] = { originalError: o };
      return o;
    }
    case 'error': {
      const e = new Error('hostile error') as Error & Record<string, unknown>;
      e['code'] = build(h.code);
      try {
        Object.defineProperty(e, 'message', { value: build(h.message), enumerable: false, configurable: true, writable: true });
      } catch {
        // keep the default message
      }
      if (h.nested !== undefined) e['data'] = { originalError: { code: h.nested, message: 'nested' } };
      return e;
    }
    case 'errorLike':
      return {
        code: build(h.code),
        message: build(h.message),
        name: build(h.name),
        ...(h.nested !== undefined ? { data: { originalError: { code: h.nested, message: 'nested' } } } : {}),
      };
    case 'special':
      switch (h.v) {
        case 'undefined':
          return undefined;
        case 'null':
          return null;
        case 'true':
          return true;
        case 'false':
          return false;
        case 'symbol':
          return Symbol('hostile');
        case 'function':
          return () => 1;
        case 'date':
          return new Date(0);
        case 'map':
          return new Map([[1, 2]]);
        case 'set':
          return new Set([1]);
        case 'u8':
          return new Uint8Array([1, 2]);
        case 'regex':
          return /0x1/;
        case 'promise':
          return new Promise(() => undefined);
        case 'emptyList':
          return [];
        case 'nan':
          return NaN;
      }
  }
}

// ---- invariants ----

/**
 * Where `value` is not plain JSON (null, booleans, finite numbers, strings, arrays and objects of
 * them with the ordinary prototypes, data properties only, no Proxy); undefined when it is. A
 * property holding `undefined` is allowed (JSON drops it and jest's toEqual ignores it).
 */
export function notPlainJson(value: unknown, path = 'state', seen = new Set<unknown>()): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path} is ${String(value)}`;
  if (typeof value !== 'object') return `${path} is a ${typeof value}`;
  if (types.isProxy(value)) return `${path} is a Proxy`;
  if (KNOWN_PLAIN.has(value)) return undefined;
  if (seen.has(value)) return `${path} is a cycle`;
  seen.add(value);
  const proto = Object.getPrototypeOf(value) as unknown;
  const isArray = Array.isArray(value);
  if (proto !== (isArray ? Array.prototype : Object.prototype)) return `${path} has prototype ${proto === null ? 'null' : String((proto as { constructor?: { name?: string } }).constructor?.name)}`;
  if (Object.getOwnPropertySymbols(value).length > 0) return `${path} has symbol keys`;
  const keys = Object.getOwnPropertyNames(value);
  for (const key of keys) {
    if (isArray && key === 'length') continue;
    const d = Object.getOwnPropertyDescriptor(value, key)!;
    if (!('value' in d)) return `${path}.${key} is an accessor`;
    if (!d.enumerable) return `${path}.${key} is not enumerable`;
    if (isArray && !/^(0|[1-9][0-9]*)$/.test(key)) return `${path} (array) has property ${key}`;
    if (d.value === undefined && !isArray) continue;
    const inner = notPlainJson(d.value, `${path}.${key}`, seen);
    if (inner) return inner;
  }
  if (isArray && keys.length - 1 !== (value as unknown[]).length) return `${path} is a sparse array`;
  seen.delete(value);
  // Frozen, with every object below it frozen and checked: it can never change, so it is never walked again.
  if (Object.isFrozen(value) && keys.every((key) => isImmutablePlain((value as Record<string, unknown>)[key]))) KNOWN_PLAIN.add(value);
  return undefined;
}

/**
 * Objects already found plain JSON that cannot change (frozen all the way down, as the store's
 * states are): the fuzz suites check every state after every step, and a step changes one branch.
 */
const KNOWN_PLAIN = new WeakSet<object>();
const isImmutablePlain = (v: unknown) => typeof v !== 'object' || v === null || KNOWN_PLAIN.has(v);

function errorProblem(error: unknown, path: string): string | undefined {
  if (error === undefined) return undefined;
  if (typeof error !== 'object' || error === null) return `${path} is not an object`;
  const e = error as Record<string, unknown>;
  for (const key of Object.keys(e)) {
    if (!['name', 'message', 'code', 'walletMessage'].includes(key)) return `${path} has extra field ${key}`;
  }
  if (typeof e['name'] !== 'string') return `${path}.name is not a string`;
  if (typeof e['message'] !== 'string') return `${path}.message is not a string`;
  if (e['code'] !== undefined && !Number.isSafeInteger(e['code'])) return `${path}.code is not an integer`;
  if (e['walletMessage'] !== undefined && typeof e['walletMessage'] !== 'string') return `${path}.walletMessage is not a string`;
  return undefined;
}

export const isValidChainId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_SAFE_CHAIN_ID;

/** Strings ethers confirmed as EIP-55 addresses (the same few accounts recur in every state). */
const CHECKSUMMED = new Set<string>();

function isChecksummed(a: unknown): boolean {
  if (typeof a !== 'string') return false;
  if (CHECKSUMMED.has(a)) return true;
  try {
    if (getAddress(a) !== a) return false;
  } catch {
    return false;
  }
  CHECKSUMMED.add(a);
  return true;
}

/** Every invariant of docs/behaviour.md §2 for one wallet state; the first violation found, or undefined. */
export function walletStateProblem(state: WalletState): string | undefined {
  const json = notPlainJson(state, 'wallet');
  if (json) return `not plain JSON: ${json}`;
  if (!(CONNECTION_IDS as readonly string[]).includes(state.current)) return `current is ${JSON.stringify(state.current)}`;
  for (const id of CONNECTION_IDS) {
    const c = state.connections[id];
    const meta = state.activity[id];
    const allowed = state.allowedChainIds[id];
    const where = `connections.${id}`;
    if (typeof c.activating !== 'boolean') return `${where}.activating is ${JSON.stringify(c.activating)}`;
    if (c.chainId !== undefined && !isValidChainId(c.chainId)) return `${where}.chainId is ${JSON.stringify(c.chainId)}`;
    if (c.accounts !== undefined) {
      if (!Array.isArray(c.accounts) || c.accounts.length === 0) return `${where}.accounts is ${JSON.stringify(c.accounts)} (zero accounts must go idle)`;
      for (const a of c.accounts) {
        if (!isChecksummed(a)) return `${where}.accounts has ${JSON.stringify(a)}, not an EIP-55 address`;
      }
    }
    for (const [path, error] of [
      [`${where}.error`, c.error],
      [`meta.${id}.switchError`, meta.switchError],
      [`meta.${id}.rejectedUpdate`, meta.rejectedUpdate],
    ] as const) {
      const problem = errorProblem(error, path);
      if (problem) return problem;
    }
    if (!Number.isSafeInteger(meta.attempt) || meta.attempt < 0) return `meta.${id}.attempt is ${JSON.stringify(meta.attempt)}`;
    // docs/behaviour.md §2.3: a chain id outside the allowed list yields exactly this error; an allowed one clears it.
    if (c.chainId !== undefined) {
      const notAllowed = { name: 'ChainIdNotAllowedError', message: `chainId ${c.chainId} not included in ${allowed.join(',')}` };
      if (!allowed.includes(c.chainId)) {
        if (c.error?.name !== notAllowed.name || c.error.message !== notAllowed.message) {
          return `${where}: chainId ${c.chainId} is not allowed (${allowed.join(',')}) but the error is ${JSON.stringify(c.error)}`;
        }
      } else if (c.error !== undefined) {
        return `${where}: on allowed chain ${c.chainId} with error ${JSON.stringify(c.error)}`;
      }
    }
    // docs/behaviour.md §2.1: connected (chainId and accounts, not activating) means no error but chain-not-allowed.
    if (c.chainId !== undefined && c.accounts !== undefined && !c.activating && c.error !== undefined && c.error.name !== 'ChainIdNotAllowedError') {
      return `${where}: connected with error ${JSON.stringify(c.error)}`;
    }
  }
  return undefined;
}

/** Short JSON for messages, total on anything. */
export function show(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
    return text === undefined ? String(value) : text.length > 600 ? `${text.slice(0, 600)}…` : text;
  } catch {
    return '[unprintable]';
  }
}
