// Typed data (EIP-712, `eth_signTypedData_v4`): the one place for its rules. The structure is checked
// here with the messages of docs/behaviour.md §7.3 before anything reaches a wallet; encoding and hashing are
// ethers'. Whether a signature is valid is src/lib/signatureCheck.ts's (§7.8), given the hash made
// here. Loaded on demand (the "signing" chunk): ethers stays off the first visit.
import { TypedDataEncoder, concat, hashMessage, keccak256, type TypedDataField } from 'ethers';
import { checksumAddress } from './validation';
import { isRecord } from './guards';

/** Larger input is refused before parsing: a pasted file must not freeze the page. */
export const MAX_TYPED_DATA_CHARS = 100_000;
/** More problems than this are not listed one by one. */
const MAX_ISSUES = 20;

export const TYPED_DATA_MESSAGES = {
  tooLarge: (chars: number) => `Typed data is too large: ${chars} characters, at most ${MAX_TYPED_DATA_CHARS}`,
  malformedJson: (why: string) => `Typed data is not valid JSON: ${why}`,
  notAnObject: 'Typed data must be a JSON object with types, primaryType, domain and message',
  missingKey: (key: string) => `Typed data has no ${key}`,
  typesNotObject: 'types must be an object of type definitions',
  typeNotList: (type: string) => `Type ${type} must be a list of { name, type } fields`,
  invalidTypeName: (type: string) => `Invalid type name ${JSON.stringify(type)}`,
  invalidFieldName: (type: string, name: unknown) => `Type ${type} has an invalid field name ${JSON.stringify(name)}`,
  duplicateField: (type: string, name: string) => `Type ${type} lists field ${name} twice`,
  /** docs/behaviour.md §7.3. */
  noTypeDefinition: (type: string) => `No type definition specified: ${type}`,
  /** docs/behaviour.md §7.3: `type` is the field's declared type. */
  missingValue: (name: string, type: string) => `missing value for field ${name} of type ${type}`,
  unexpectedField: (name: string, type: string) => `unexpected field ${name}: type ${type} does not list it, so it would not be signed`,
  recursiveType: (type: string) => `Type ${type} refers to itself: recursive types are not supported`,
  primaryTypeDomain: 'primaryType cannot be EIP712Domain: name the type of the message',
  invalidValue: (name: string, type: string, why: string) => `invalid value for field ${name} of type ${type}: ${why}`,
  unknownDomainField: (name: string) => `domain field ${name} is not one of name, version, chainId, verifyingContract, salt; declare EIP712Domain to use it`,
  wrongChain: (domainChainId: string, connected: number) => `The domain's chainId ${domainChainId} is not the connected chain ${connected}`,
} as const;

/** Every check's finding by code, for the page to say in the user's language (src/features/sign/typedDataWords.ts). */
export type TypedDataCode =
  | Exclude<keyof typeof TYPED_DATA_MESSAGES, 'invalidValue'>
  | 'invalidValue'
  | 'expectedList'
  | 'expectedItems'
  | 'expectedObject'
  | 'notAddress'
  | 'expectedBool'
  | 'expectedString'
  | 'notInteger'
  | 'beyondSafeInteger'
  | 'expectedInteger'
  | 'expectedHexBytes'
  | 'expectedBytes'
  | 'outOfRange';

/**
 * A finding as text (`text`, exact: the messages of docs/behaviour.md §7.3, kept for tests and support)
 * and as its code and values; an invalid value says why in a finding of its own.
 */
export interface TypedDataSaid {
  code: TypedDataCode;
  values: Readonly<Record<string, string | number>>;
  why?: TypedDataSaid;
  text: string;
}

const said = (code: TypedDataCode, values: Readonly<Record<string, string | number>>, text: string, why?: TypedDataSaid): TypedDataSaid =>
  why ? { code, values, text, why } : { code, values, text };

/** The findings, each with its exact text from TYPED_DATA_MESSAGES (or the reason's own). */
const SAID = {
  tooLarge: (chars: number) => said('tooLarge', { count: chars, max: MAX_TYPED_DATA_CHARS }, TYPED_DATA_MESSAGES.tooLarge(chars)),
  malformedJson: (why: string) => said('malformedJson', { why }, TYPED_DATA_MESSAGES.malformedJson(why)),
  notAnObject: () => said('notAnObject', {}, TYPED_DATA_MESSAGES.notAnObject),
  missingKey: (key: string) => said('missingKey', { key }, TYPED_DATA_MESSAGES.missingKey(key)),
  typesNotObject: () => said('typesNotObject', {}, TYPED_DATA_MESSAGES.typesNotObject),
  typeNotList: (type: string) => said('typeNotList', { type, shape: '{ name, type }' }, TYPED_DATA_MESSAGES.typeNotList(type)),
  invalidTypeName: (type: string) => said('invalidTypeName', { type: JSON.stringify(type) }, TYPED_DATA_MESSAGES.invalidTypeName(type)),
  invalidFieldName: (type: string, name: unknown) => said('invalidFieldName', { type, name: JSON.stringify(name) ?? String(name) }, TYPED_DATA_MESSAGES.invalidFieldName(type, name)),
  duplicateField: (type: string, name: string) => said('duplicateField', { type, name }, TYPED_DATA_MESSAGES.duplicateField(type, name)),
  noTypeDefinition: (type: string) => said('noTypeDefinition', { type }, TYPED_DATA_MESSAGES.noTypeDefinition(type)),
  missingValue: (name: string, type: string) => said('missingValue', { name, type }, TYPED_DATA_MESSAGES.missingValue(name, type)),
  unexpectedField: (name: string, type: string) => said('unexpectedField', { name, type }, TYPED_DATA_MESSAGES.unexpectedField(name, type)),
  recursiveType: (type: string) => said('recursiveType', { type }, TYPED_DATA_MESSAGES.recursiveType(type)),
  primaryTypeDomain: () => said('primaryTypeDomain', {}, TYPED_DATA_MESSAGES.primaryTypeDomain),
  invalidValue: (name: string, type: string, why: TypedDataSaid) => said('invalidValue', { name, type }, TYPED_DATA_MESSAGES.invalidValue(name, type, why.text), why),
  unknownDomainField: (name: string) => said('unknownDomainField', { name }, TYPED_DATA_MESSAGES.unknownDomainField(name)),
  wrongChain: (domainChainId: string, connected: number) =>
    said('wrongChain', { domainChainId, connected: String(connected) }, TYPED_DATA_MESSAGES.wrongChain(domainChainId, connected)),
  // Why a value is not of its type.
  expectedList: (value: unknown) => said('expectedList', { got: show(value) }, `expected a list, got ${show(value)}`),
  expectedItems: (count: number, got: number) => said('expectedItems', { count, got }, `expected ${count} items, got ${got}`),
  expectedObject: (value: unknown) => said('expectedObject', { got: show(value) }, `expected an object, got ${show(value)}`),
  notAddress: (value: unknown) => said('notAddress', { value: show(value) }, `${show(value)} is not an address (0x and 40 hex digits, with a correct checksum when mixed case)`),
  expectedBool: (value: unknown) => said('expectedBool', { got: show(value) }, `expected true or false, got ${show(value)}`),
  expectedString: (value: unknown) => said('expectedString', { got: show(value) }, `expected a string, got ${show(value)}`),
  notInteger: (value: unknown) => said('notInteger', { value: show(value) }, `${show(value)} is not an integer`),
  beyondSafeInteger: (value: unknown) => said('beyondSafeInteger', { value: show(value) }, `${show(value)} is beyond 2^53: write it as a string so no digit is lost`),
  expectedInteger: (value: unknown) => said('expectedInteger', { got: show(value) }, `expected an integer, got ${show(value)}`),
  expectedHexBytes: (value: unknown) => said('expectedHexBytes', { got: show(value) }, `expected 0x-prefixed hex bytes, got ${show(value)}`),
  expectedBytes: (count: number, got: number) => said('expectedBytes', { count, got }, `expected ${count} bytes, got ${got}`),
  outOfRange: (value: bigint, type: string, min: bigint, max: bigint) =>
    said('outOfRange', { value: value.toString(), type, min: min.toString(), max: max.toString() }, `${value} is out of range for ${type} (${min} to ${max})`),
};

export interface TypedDataIssue {
  /** Where in the data, e.g. `message.from.wallet` or `types.Mail`. */
  path: string;
  /** The exact message (docs/behaviour.md §7.3). */
  message: string;
  /** The same finding by code and values, for the page to say in the user's language. */
  said: TypedDataSaid;
}

const issue = (path: string, found: TypedDataSaid): TypedDataIssue => ({ path, message: found.text, said: found });

export interface TypedDataField712 {
  name: string;
  type: string;
}

/** Validated typed data, as sent to the wallet: EIP712Domain always declared. */
export interface TypedDataPayload {
  types: Record<string, TypedDataField712[]>;
  primaryType: string;
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
}

export interface PreviewNode {
  name: string;
  type: string;
  /** Leaf values, shown as text (addresses checksummed, integers in decimal). */
  value?: string;
  children?: PreviewNode[];
}

/** What the user is asked to sign, in readable form (plain JSON). */
export interface TypedDataPreview {
  primaryType: string;
  domain: PreviewNode[];
  message: PreviewNode[];
}

export type TypedDataCheck =
  | { ok: true; payload: TypedDataPayload; preview: TypedDataPreview }
  | { ok: false; issues: TypedDataIssue[] };

export interface TypedDataContext {
  /** The connected chain: a domain chainId must equal it. */
  chainId?: number;
}

/** The standard domain fields in EIP-712 order, used when the data does not declare EIP712Domain. */
const DOMAIN_FIELDS: readonly TypedDataField712[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;


function show(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

type Atomic =
  | { kind: 'address' | 'bool' | 'string' | 'bytes' }
  | { kind: 'fixedBytes'; size: number }
  | { kind: 'int'; signed: boolean; bits: number };

/** The EIP-712 atomic types; anything else must be a declared struct. */
function atomicType(type: string): Atomic | undefined {
  if (type === 'address' || type === 'bool' || type === 'string' || type === 'bytes') return { kind: type };
  const fixed = /^bytes([1-9][0-9]?)$/.exec(type);
  if (fixed) {
    const size = Number(fixed[1]);
    return size <= 32 ? { kind: 'fixedBytes', size } : undefined;
  }
  const int = /^(u?)int([1-9][0-9]{0,2})?$/.exec(type);
  if (int) {
    const bits = int[2] === undefined ? 256 : Number(int[2]);
    if (bits % 8 !== 0 || bits > 256) return undefined;
    return { kind: 'int', signed: int[1] === '', bits };
  }
  return undefined;
}

/** `Person[2][]` -> { base: 'Person[2]', length: undefined }; undefined when not an array type. */
function arrayType(type: string): { element: string; length?: number } | undefined {
  const match = /^(.+)\[([0-9]*)\]$/.exec(type);
  if (!match) return undefined;
  const element = match[1] as string;
  return match[2] === '' ? { element } : { element, length: Number(match[2]) };
}

function baseOf(type: string): string {
  let base = type;
  for (let array = arrayType(base); array; array = arrayType(base)) base = array.element;
  return base;
}

/** An integer value in JSON: a safe number, or a decimal or 0x-hex string. */
function integerValue(value: unknown): bigint | TypedDataSaid {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return SAID.notInteger(value);
    if (!Number.isSafeInteger(value)) return SAID.beyondSafeInteger(value);
    return BigInt(value);
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^-?[0-9]+$/.test(text)) return BigInt(text);
    if (/^0x[0-9a-fA-F]+$/.test(text)) return BigInt(text);
    return SAID.notInteger(value);
  }
  return SAID.expectedInteger(value);
}

function hexBytes(value: unknown): number | TypedDataSaid {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) return SAID.expectedHexBytes(value);
  return (value.length - 2) / 2;
}

class Checker {
  readonly issues: TypedDataIssue[] = [];

  constructor(private readonly types: Record<string, TypedDataField712[]>) {}

  report(path: string, found: TypedDataSaid): void {
    if (this.issues.length < MAX_ISSUES) this.issues.push(issue(path, found));
  }

  /** A value of a declared type; returns its preview node, or undefined when it is invalid. */
  value(path: string, name: string, type: string, value: unknown): PreviewNode | undefined {
    if (value === undefined || value === null) {
      this.report(path, SAID.missingValue(name, type));
      return undefined;
    }
    const array = arrayType(type);
    if (array) {
      if (!Array.isArray(value)) {
        this.report(path, SAID.invalidValue(name, type, SAID.expectedList(value)));
        return undefined;
      }
      if (array.length !== undefined && value.length !== array.length) {
        this.report(path, SAID.invalidValue(name, type, SAID.expectedItems(array.length, value.length)));
        return undefined;
      }
      const children = value.map((item, i) => this.value(`${path}[${i}]`, `${name}[${i}]`, array.element, item));
      return children.every((c) => c !== undefined) ? { name, type, children: children as PreviewNode[] } : undefined;
    }
    const struct = this.types[type];
    if (struct) {
      if (!isRecord(value)) {
        this.report(path, SAID.invalidValue(name, type, SAID.expectedObject(value)));
        return undefined;
      }
      const children = this.struct(path, type, struct, value);
      return children ? { name, type, children } : undefined;
    }
    const atomic = atomicType(type);
    if (!atomic) {
      // Reported once per type by the type check; nothing more to say about the value.
      return undefined;
    }
    const leaf = this.atomic(atomic, type, value);
    if (typeof leaf === 'object') {
      this.report(path, SAID.invalidValue(name, type, leaf.why));
      return undefined;
    }
    return { name, type, value: leaf };
  }

  struct(path: string, type: string, fields: TypedDataField712[], value: Record<string, unknown>): PreviewNode[] | undefined {
    const declared = new Set(fields.map((f) => f.name));
    let ok = true;
    for (const key of Object.keys(value)) {
      if (!declared.has(key)) {
        this.report(`${path}.${key}`, SAID.unexpectedField(key, type));
        ok = false;
      }
    }
    const children: PreviewNode[] = [];
    for (const field of fields) {
      const child = this.value(`${path}.${field.name}`, field.name, field.type, value[field.name]);
      if (child) children.push(child);
      else ok = false;
    }
    return ok ? children : undefined;
  }

  private atomic(atomic: Atomic, type: string, value: unknown): string | { why: TypedDataSaid } {
    switch (atomic.kind) {
      case 'address': {
        const address = checksumAddress(value);
        return address ?? { why: SAID.notAddress(value) };
      }
      case 'bool':
        return typeof value === 'boolean' ? String(value) : { why: SAID.expectedBool(value) };
      case 'string':
        return typeof value === 'string' ? value : { why: SAID.expectedString(value) };
      case 'bytes': {
        const size = hexBytes(value);
        return typeof size === 'object' ? { why: size } : (value as string).toLowerCase();
      }
      case 'fixedBytes': {
        const size = hexBytes(value);
        if (typeof size === 'object') return { why: size };
        return size === atomic.size ? (value as string).toLowerCase() : { why: SAID.expectedBytes(atomic.size, size) };
      }
      case 'int': {
        const parsed = integerValue(value);
        if (typeof parsed === 'object') return { why: parsed };
        const min = atomic.signed ? -(1n << BigInt(atomic.bits - 1)) : 0n;
        const max = atomic.signed ? (1n << BigInt(atomic.bits - 1)) - 1n : (1n << BigInt(atomic.bits)) - 1n;
        if (parsed < min || parsed > max) return { why: SAID.outOfRange(parsed, type, min, max) };
        return parsed.toString();
      }
    }
  }
}

/** Checks the type definitions: names, fields, every referenced type defined, no recursion. */
function checkTypes(raw: Record<string, unknown>, checker: Checker): Record<string, TypedDataField712[]> | undefined {
  const types: Record<string, TypedDataField712[]> = {};
  // Defined, though badly: already reported, so references to them are not "undefined" as well.
  const malformed = new Set<string>();
  let ok = true;
  for (const [typeName, fields] of Object.entries(raw)) {
    if (!IDENTIFIER.test(typeName) || atomicType(typeName)) {
      checker.report(`types.${typeName}`, SAID.invalidTypeName(typeName));
      malformed.add(typeName);
      ok = false;
      continue;
    }
    if (!Array.isArray(fields) || !fields.every((f) => isRecord(f) && typeof f['type'] === 'string')) {
      checker.report(`types.${typeName}`, SAID.typeNotList(typeName));
      malformed.add(typeName);
      ok = false;
      continue;
    }
    const seen = new Set<string>();
    const list: TypedDataField712[] = [];
    for (const field of fields as Record<string, unknown>[]) {
      const name = field['name'];
      if (typeof name !== 'string' || !IDENTIFIER.test(name)) {
        checker.report(`types.${typeName}`, SAID.invalidFieldName(typeName, name));
        ok = false;
        continue;
      }
      if (seen.has(name)) {
        checker.report(`types.${typeName}.${name}`, SAID.duplicateField(typeName, name));
        ok = false;
      }
      seen.add(name);
      list.push({ name, type: String(field['type']).trim() });
    }
    types[typeName] = list;
  }
  const undefinedTypes = new Set<string>();
  for (const [typeName, fields] of Object.entries(types)) {
    for (const field of fields) {
      const base = baseOf(field.type);
      if (!atomicType(base) && !types[base] && !malformed.has(base) && !undefinedTypes.has(base)) {
        undefinedTypes.add(base);
        checker.report(`types.${typeName}.${field.name}`, SAID.noTypeDefinition(base));
        ok = false;
      }
    }
  }
  if (!ok) return undefined;
  for (const typeName of Object.keys(types)) {
    if (refersTo(types, typeName, typeName, new Set())) {
      checker.report(`types.${typeName}`, SAID.recursiveType(typeName));
      return undefined;
    }
  }
  return types;
}

function refersTo(types: Record<string, TypedDataField712[]>, from: string, target: string, seen: Set<string>): boolean {
  for (const field of types[from] ?? []) {
    const base = baseOf(field.type);
    if (!types[base]) continue;
    if (base === target) return true;
    if (seen.has(base)) continue;
    seen.add(base);
    if (refersTo(types, base, target, seen)) return true;
  }
  return false;
}

/** The struct types `primaryType` depends on, itself included (what the hash covers). */
function reachableTypes(types: Record<string, TypedDataField712[]>, primaryType: string): Record<string, TypedDataField712[]> {
  const out: Record<string, TypedDataField712[]> = {};
  const visit = (name: string) => {
    const fields = types[name];
    if (!fields || out[name]) return;
    out[name] = fields;
    for (const field of fields) visit(baseOf(field.type));
  };
  visit(primaryType);
  return out;
}

export function parseTypedDataJson(text: string): { ok: true; value: unknown } | { ok: false; issues: TypedDataIssue[] } {
  if (text.length > MAX_TYPED_DATA_CHARS) return { ok: false, issues: [issue('', SAID.tooLarge(text.length))] };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, issues: [issue('', SAID.malformedJson(why))] };
  }
}

/** Validates parsed typed data against every rule; on success the payload to send and its preview. */
export function validateTypedData(data: unknown, context: TypedDataContext = {}): TypedDataCheck {
  if (!isRecord(data)) return { ok: false, issues: [issue('', SAID.notAnObject())] };
  const issues: TypedDataIssue[] = [];
  for (const key of ['types', 'primaryType', 'domain', 'message'] as const) {
    if (data[key] === undefined || data[key] === null) issues.push(issue(key, SAID.missingKey(key)));
  }
  if (issues.length > 0) return { ok: false, issues };
  if (!isRecord(data['types'])) return { ok: false, issues: [issue('types', SAID.typesNotObject())] };
  const primaryType = data['primaryType'];
  if (typeof primaryType !== 'string') return { ok: false, issues: [issue('primaryType', SAID.invalidTypeName(String(show(primaryType))))] };
  if (primaryType === 'EIP712Domain') return { ok: false, issues: [issue('primaryType', SAID.primaryTypeDomain())] };

  const placeholder = new Checker({});
  const types = checkTypes(data['types'], placeholder);
  if (!types) return { ok: false, issues: placeholder.issues };
  if (!types[primaryType]) return { ok: false, issues: [issue('primaryType', SAID.noTypeDefinition(primaryType))] };

  const checker = new Checker(types);
  const domain = data['domain'];
  const message = data['message'];
  if (!isRecord(domain)) checker.report('domain', SAID.invalidValue('domain', 'EIP712Domain', SAID.expectedObject(domain)));
  if (!isRecord(message)) checker.report('message', SAID.invalidValue('message', primaryType, SAID.expectedObject(message)));
  if (!isRecord(domain) || !isRecord(message)) return { ok: false, issues: checker.issues };

  // Without a declared EIP712Domain, the domain's own keys (standard ones only) in EIP-712 order.
  let domainFields = types['EIP712Domain'];
  let domainValues = domain;
  if (!domainFields) {
    const standard = (key: string) => DOMAIN_FIELDS.some((f) => f.name === key);
    for (const key of Object.keys(domain).filter((k) => !standard(k))) checker.report(`domain.${key}`, SAID.unknownDomainField(key));
    domainValues = Object.fromEntries(Object.entries(domain).filter(([k]) => standard(k)));
    domainFields = DOMAIN_FIELDS.filter((f) => domain[f.name] !== undefined && domain[f.name] !== null);
  }
  const domainPreview = checker.struct('domain', 'EIP712Domain', domainFields, domainValues);
  const messagePreview = checker.struct('message', primaryType, types[primaryType], message);

  if (domainPreview && context.chainId !== undefined && domainFields.some((f) => f.name === 'chainId')) {
    const chainId = domainPreview.find((n) => n.name === 'chainId')?.value;
    if (chainId !== undefined && chainId !== String(context.chainId)) {
      checker.report('domain.chainId', SAID.wrongChain(chainId, context.chainId));
    }
  }
  if (checker.issues.length > 0 || !domainPreview || !messagePreview) return { ok: false, issues: checker.issues };
  return {
    ok: true,
    payload: { types: { ...types, EIP712Domain: domainFields }, primaryType, domain, message },
    preview: { primaryType, domain: domainPreview, message: messagePreview },
  };
}

/** Parses and validates the text of the editor. */
export function checkTypedDataText(text: string, context: TypedDataContext = {}): TypedDataCheck {
  const parsed = parseTypedDataJson(text);
  return parsed.ok ? validateTypedData(parsed.value, context) : parsed;
}

/**
 * The EIP-712 digest of validated data, with ethers' encoder: the domain hashed with its declared
 * EIP712Domain fields (as the wallet does), the message with the types it depends on.
 */
export function typedDataDigest(payload: TypedDataPayload): string {
  const domainFields = payload.types['EIP712Domain'] ?? [];
  const domainSeparator = TypedDataEncoder.hashStruct('EIP712Domain', { EIP712Domain: domainFields as TypedDataField[] }, payload.domain);
  const structHash = TypedDataEncoder.hashStruct(payload.primaryType, reachableTypes(payload.types, payload.primaryType), payload.message);
  return keccak256(concat(['0x1901', domainSeparator, structHash]));
}

/** The EIP-191 hash of a `personal_sign` message: what its signature signs. */
export function messageHash(message: string): string {
  return hashMessage(message);
}

/** Larger answers are refused before anything is checked (docs/behaviour.md §9). */
export const MAX_SIGNATURE_BYTES = 16 * 1024;

/** The words of a signature's check (docs/behaviour.md §7.8); the check itself is src/lib/signatureCheck.ts. */
export const SIGNATURE_MESSAGES = {
  notASignature: 'The wallet answered with something that is not a signature',
  tooLarge: (bytes: number) => `The wallet's signature is too large: ${bytes} bytes, at most ${MAX_SIGNATURE_BYTES}`,
  notFromAccount: (account: string) => `The signature is not from the connected account ${account}`,
  unchecked: (reason: string) => `The signature could not be checked: ${reason}`,
  oddAnswer: (answer: string) => `the chain answered ${answer.length > 20 ? `${answer.slice(0, 20)}…` : answer} to the check`,
} as const;

const HEX = /^0x(?:[0-9a-fA-F]{2})+$/;

/**
 * Why a wallet's answer cannot be a signature at all, or undefined when it is a candidate: hex of
 * any even length (a smart account's signature is not 65 bytes), at most MAX_SIGNATURE_BYTES.
 */
export function signatureProblem(answer: unknown): string | undefined {
  if (typeof answer !== 'string') return SIGNATURE_MESSAGES.notASignature;
  // Length first: a huge answer is refused before any pattern runs over it.
  const bytes = (answer.length - 2) / 2;
  if (bytes > MAX_SIGNATURE_BYTES) return SIGNATURE_MESSAGES.tooLarge(Math.ceil(bytes));
  return HEX.test(answer) ? undefined : SIGNATURE_MESSAGES.notASignature;
}

/** `personal_sign` takes the message as hex of its UTF-8 bytes (what wallets display decoded). */
export function messageToHex(message: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(message)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** A realistic sample for the editor: the EIP-712 "Mail" example on the connected chain. */
export function sampleTypedData(chainId: number): string {
  return JSON.stringify(
    {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', version: '1', chainId, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      message: {
        from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
        contents: 'Hello, Bob!',
      },
    },
    null,
    2,
  );
}

export const MAX_MESSAGE_CHARS = 10_000;

/** A `personal_sign` message as typed: non-empty text of sane size; undefined when fine. */
export function messageProblem(message: string): string | undefined {
  if (message.length === 0) return 'Write a message to sign';
  if (message.length > MAX_MESSAGE_CHARS) return `The message is too long: ${message.length} characters, at most ${MAX_MESSAGE_CHARS}`;
  return undefined;
}
