// EIP-712 typed data rules (docs/behaviour.md §7.3): each rule, its message, the preview, and the digest and
// hash that a signature check needs, which must agree with what a wallet (ethers' Wallet here) signs.
import fc from 'fast-check';
import { TypedDataEncoder, Wallet, recoverAddress, verifyTypedData } from 'ethers';
import {
  MAX_TYPED_DATA_CHARS,
  checkTypedDataText,
  messageProblem,
  messageHash,
  messageToHex,
  sampleTypedData,
  signatureProblem,
  typedDataDigest,
  validateTypedData,
  type TypedDataCheck,
} from '../../src/lib/typedData';

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

interface Data {
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
}

const mail = (): Data => JSON.parse(sampleTypedData(31337)) as Data;

/** A one-field message of `type` holding `value` (and no declared domain). */
function single(type: string, value: unknown): Data {
  return { types: { Thing: [{ name: 'field', type }] }, primaryType: 'Thing', domain: { name: 'Test' }, message: { field: value } };
}

function messages(check: TypedDataCheck): string[] {
  return check.ok ? [] : check.issues.map((i) => i.message);
}

describe('the sample', () => {
  it('is valid on the chain it was made for, with a readable preview', () => {
    const check = checkTypedDataText(sampleTypedData(31337), { chainId: 31337 });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.preview.primaryType).toBe('Mail');
    expect(check.preview.domain).toEqual([
      { name: 'name', type: 'string', value: 'Ether Mail' },
      { name: 'version', type: 'string', value: '1' },
      { name: 'chainId', type: 'uint256', value: '31337' },
      { name: 'verifyingContract', type: 'address', value: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
    ]);
    expect(check.preview.message).toEqual([
      {
        name: 'from',
        type: 'Person',
        children: [
          { name: 'name', type: 'string', value: 'Cow' },
          { name: 'wallet', type: 'address', value: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        ],
      },
      {
        name: 'to',
        type: 'Person',
        children: [
          { name: 'name', type: 'string', value: 'Bob' },
          { name: 'wallet', type: 'address', value: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
        ],
      },
      { name: 'contents', type: 'string', value: 'Hello, Bob!' },
    ]);
  });
});

describe('malformed input', () => {
  it('reports JSON that does not parse', () => {
    const check = checkTypedDataText('{"types": ', { chainId: 1 });
    expect(messages(check)).toHaveLength(1);
    expect(messages(check)[0]).toMatch(/^Typed data is not valid JSON: /);
  });

  it('refuses input larger than the bound before parsing it', () => {
    const check = checkTypedDataText(' '.repeat(MAX_TYPED_DATA_CHARS + 1));
    expect(messages(check)).toEqual([`Typed data is too large: ${MAX_TYPED_DATA_CHARS + 1} characters, at most ${MAX_TYPED_DATA_CHARS}`]);
  });

  it('needs an object', () => {
    expect(messages(validateTypedData([1, 2]))).toEqual(['Typed data must be a JSON object with types, primaryType, domain and message']);
    expect(messages(validateTypedData('text'))).toEqual(['Typed data must be a JSON object with types, primaryType, domain and message']);
  });

  it('names every missing top-level key', () => {
    expect(messages(validateTypedData({ types: {} }))).toEqual(['Typed data has no primaryType', 'Typed data has no domain', 'Typed data has no message']);
  });

  it('needs type definitions as lists of { name, type }', () => {
    const data = { ...mail(), types: { ...mail().types, Person: { name: 'string' } } };
    expect(messages(validateTypedData(data))).toEqual(['Type Person must be a list of { name, type } fields']);
  });

  it('rejects invalid and duplicate names', () => {
    const data = mail();
    data.types['Bad Name'] = [{ name: 'x', type: 'string' }];
    data.types['Person']!.push({ name: 'name', type: 'string' });
    expect(messages(validateTypedData(data))).toEqual(['Type Person lists field name twice', 'Invalid type name "Bad Name"']);
  });
});

describe('missing value for field <name> of type <type>', () => {
  it('for a field of the message', () => {
    const data = mail();
    delete data.message['contents'];
    expect(messages(validateTypedData(data, { chainId: 31337 }))).toEqual(['missing value for field contents of type string']);
  });

  it('for a field of a nested struct, with where it is', () => {
    const data = mail();
    delete (data.message['from'] as Record<string, unknown>)['wallet'];
    const check = validateTypedData(data, { chainId: 31337 });
    expect(check.ok ? [] : check.issues).toEqual([
      {
        path: 'message.from.wallet',
        message: 'missing value for field wallet of type address',
        // The same finding by code and values, for the page's words in any language.
        said: { code: 'missingValue', values: { name: 'wallet', type: 'address' }, text: 'missing value for field wallet of type address' },
      },
    ]);
  });

  it('for a whole struct, and for null', () => {
    const data = mail();
    delete data.message['to'];
    data.message['contents'] = null;
    expect(messages(validateTypedData(data, { chainId: 31337 }))).toEqual([
      'missing value for field to of type Person',
      'missing value for field contents of type string',
    ]);
  });

  it('for a domain field its EIP712Domain declares', () => {
    const data = mail();
    delete data.domain['version'];
    expect(messages(validateTypedData(data, { chainId: 31337 }))).toEqual(['missing value for field version of type string']);
  });

  it('lists every missing field at once', () => {
    const data = mail();
    data.message = {};
    expect(messages(validateTypedData(data))).toEqual([
      'missing value for field from of type Person',
      'missing value for field to of type Person',
      'missing value for field contents of type string',
    ]);
  });
});

describe('No type definition specified: <type>', () => {
  it('for a field whose struct type is not defined', () => {
    const data = mail();
    delete data.types['Person'];
    expect(messages(validateTypedData(data))).toEqual(['No type definition specified: Person']);
  });

  it('for the primary type', () => {
    expect(messages(validateTypedData({ ...mail(), primaryType: 'Letter' }))).toEqual(['No type definition specified: Letter']);
  });

  it('for the element type of an array', () => {
    expect(messages(validateTypedData(single('Item[]', [])))).toEqual(['No type definition specified: Item']);
  });

  it.each(['bytes33', 'bytes0', 'uint7', 'int264', 'uint0', 'addres'])('for %s, which is no atomic type', (type) => {
    expect(messages(validateTypedData(single(type, '0x00')))).toEqual([`No type definition specified: ${type}`]);
  });

  it('refuses recursive types', () => {
    const data = single('Node', { field: null });
    data.types['Node'] = [{ name: 'next', type: 'Node[]' }];
    expect(messages(validateTypedData(data))).toContain('Type Node refers to itself: recursive types are not supported');
  });

  it('refuses EIP712Domain as the primary type', () => {
    expect(messages(validateTypedData({ ...mail(), primaryType: 'EIP712Domain' }))).toEqual(['primaryType cannot be EIP712Domain: name the type of the message']);
  });
});

describe('the domain chain id must be the connected chain', () => {
  it('rejects another chain', () => {
    expect(messages(checkTypedDataText(sampleTypedData(1), { chainId: 31337 }))).toEqual(["The domain's chainId 1 is not the connected chain 31337"]);
  });

  it.each([31337, '31337', '0x7a69'])('accepts the connected chain written as %p', (chainId) => {
    const data = mail();
    data.domain['chainId'] = chainId;
    expect(validateTypedData(data, { chainId: 31337 }).ok).toBe(true);
  });

  it('accepts a domain without a chain id', () => {
    const data = mail();
    delete data.domain['chainId'];
    data.types['EIP712Domain'] = data.types['EIP712Domain']!.filter((f) => f.name !== 'chainId');
    expect(validateTypedData(data, { chainId: 31337 }).ok).toBe(true);
  });

  it('without a declared EIP712Domain, takes the standard domain keys and refuses others', () => {
    const data = mail();
    delete data.types['EIP712Domain'];
    expect(validateTypedData(data, { chainId: 31337 }).ok).toBe(true);
    data.domain['author'] = 'me';
    expect(messages(validateTypedData(data, { chainId: 31337 }))).toEqual([
      'domain field author is not one of name, version, chainId, verifyingContract, salt; declare EIP712Domain to use it',
    ]);
  });
});

describe('addresses', () => {
  it('accepts lower case and shows it checksummed', () => {
    const check = validateTypedData(single('address', ADDRESS.toLowerCase()));
    expect(check.ok && check.preview.message[0]?.value).toBe(ADDRESS);
  });

  it.each([
    ['too short', '0x1234'],
    ['not hex', '0xz39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    ['a wrong checksum', '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    ['a number', 12],
  ])('rejects %s', (_what, value) => {
    expect(messages(validateTypedData(single('address', value)))[0]).toMatch(/^invalid value for field field of type address: .* is not an address/);
  });
});

describe('bytes and bytesN', () => {
  it('bytesN must have exactly N bytes', () => {
    expect(validateTypedData(single('bytes32', `0x${'ab'.repeat(32)}`)).ok).toBe(true);
    expect(messages(validateTypedData(single('bytes32', `0x${'ab'.repeat(31)}`)))).toEqual(['invalid value for field field of type bytes32: expected 32 bytes, got 31']);
    expect(messages(validateTypedData(single('bytes1', '0x')))).toEqual(['invalid value for field field of type bytes1: expected 1 bytes, got 0']);
  });

  it('bytes must be 0x-prefixed hex of whole bytes', () => {
    expect(validateTypedData(single('bytes', '0x')).ok).toBe(true);
    expect(messages(validateTypedData(single('bytes', '0xabc')))).toEqual(['invalid value for field field of type bytes: expected 0x-prefixed hex bytes, got "0xabc"']);
    expect(messages(validateTypedData(single('bytes4', 'abcd1234')))[0]).toMatch(/expected 0x-prefixed hex bytes/);
  });
});

describe('intN and uintN ranges', () => {
  it.each([
    ['uint8', 255, '255'],
    ['uint8', '0xff', '255'],
    ['int8', -128, '-128'],
    ['int8', '127', '127'],
    ['uint256', ((1n << 256n) - 1n).toString(), ((1n << 256n) - 1n).toString()],
    ['int256', (-(1n << 255n)).toString(), (-(1n << 255n)).toString()],
    ['uint', '7', '7'],
  ])('%s accepts %p', (type, value, shown) => {
    const check = validateTypedData(single(type, value));
    expect(check.ok && check.preview.message[0]?.value).toBe(shown);
  });

  it.each([
    ['uint8', 256, '256 is out of range for uint8 (0 to 255)'],
    ['uint8', -1, '-1 is out of range for uint8 (0 to 255)'],
    ['int8', 128, '128 is out of range for int8 (-128 to 127)'],
    ['int8', '-129', '-129 is out of range for int8 (-128 to 127)'],
    ['uint256', (1n << 256n).toString(), `${1n << 256n} is out of range for uint256 (0 to ${(1n << 256n) - 1n})`],
    ['uint64', 1.5, '1.5 is not an integer'],
    ['uint64', 2 ** 60, `${2 ** 60} is beyond 2^53: write it as a string so no digit is lost`],
    ['uint64', 'ten', '"ten" is not an integer'],
    ['uint64', true, 'expected an integer, got true'],
  ])('%s rejects %p', (type, value, why) => {
    expect(messages(validateTypedData(single(type, value)))).toEqual([`invalid value for field field of type ${type}: ${why}`]);
  });

  it('holds for every width and value (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 32 }), fc.boolean(), fc.bigInt({ min: -(1n << 257n), max: 1n << 257n }), (bytes, signed, value) => {
        const bits = BigInt(bytes * 8);
        const min = signed ? -(1n << (bits - 1n)) : 0n;
        const max = signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
        const check = validateTypedData(single(`${signed ? '' : 'u'}int${bytes * 8}`, value.toString()));
        expect(check.ok).toBe(value >= min && value <= max);
      }),
      { numRuns: 300, seed: 712 },
    );
  });
});

describe('other values', () => {
  it('bool and string are type checked', () => {
    expect(messages(validateTypedData(single('bool', 'true')))).toEqual(['invalid value for field field of type bool: expected true or false, got "true"']);
    expect(messages(validateTypedData(single('string', 5)))).toEqual(['invalid value for field field of type string: expected a string, got 5']);
  });

  it('arrays: a list, of the declared length, each item checked', () => {
    expect(messages(validateTypedData(single('uint8[2]', [1, 2, 3])))).toEqual(['invalid value for field field of type uint8[2]: expected 2 items, got 3']);
    expect(messages(validateTypedData(single('uint8[]', 'x')))).toEqual(['invalid value for field field of type uint8[]: expected a list, got "x"']);
    expect(messages(validateTypedData(single('uint8[]', [1, 300])))).toEqual(['invalid value for field field[1] of type uint8: 300 is out of range for uint8 (0 to 255)']);
    const check = validateTypedData(single('uint8[][]', [[1], [2, 3]]));
    expect(check.ok && check.preview.message[0]).toEqual({
      name: 'field',
      type: 'uint8[][]',
      children: [
        { name: 'field[0]', type: 'uint8[]', children: [{ name: 'field[0][0]', type: 'uint8', value: '1' }] },
        {
          name: 'field[1]',
          type: 'uint8[]',
          children: [
            { name: 'field[1][0]', type: 'uint8', value: '2' },
            { name: 'field[1][1]', type: 'uint8', value: '3' },
          ],
        },
      ],
    });
  });

  it('a field the type does not list is refused: it would not be signed', () => {
    const data = mail();
    data.message['cc'] = 'Alice';
    expect(messages(validateTypedData(data))).toEqual(['unexpected field cc: type Mail does not list it, so it would not be signed']);
  });
});

describe('digest and signer recovery with ethers', () => {
  const wallet = new Wallet(KEY);

  it('the digest is what ethers computes for the same data', () => {
    const data = mail();
    const check = validateTypedData(data, { chainId: 31337 });
    if (!check.ok) throw new Error('sample invalid');
    const { EIP712Domain: _domain, ...types } = data.types;
    expect(typedDataDigest(check.payload)).toBe(TypedDataEncoder.hash(data.domain, types, data.message));
  });

  it('recovers the wallet that signed, and tells it apart from another', async () => {
    const data = mail();
    const check = validateTypedData(data, { chainId: 31337 });
    if (!check.ok) throw new Error('sample invalid');
    const { EIP712Domain: _domain, ...types } = data.types;
    const signature = await wallet.signTypedData(data.domain, types, data.message);
    expect(recoverAddress(typedDataDigest(check.payload), signature)).toBe(ADDRESS);
    expect(verifyTypedData(data.domain, types, data.message, signature)).toBe(ADDRESS);
    const other = await Wallet.createRandom().signTypedData(data.domain, types, data.message);
    expect(recoverAddress(typedDataDigest(check.payload), other)).not.toBe(ADDRESS);
  });

  it('types the message does not use do not change the digest (the wallet ignores them too)', () => {
    const plain = validateTypedData(mail());
    const withExtra = mail();
    withExtra.types['Unused'] = [{ name: 'x', type: 'uint8' }];
    const extra = validateTypedData(withExtra);
    if (!plain.ok || !extra.ok) throw new Error('invalid');
    expect(typedDataDigest(extra.payload)).toBe(typedDataDigest(plain.payload));
  });

  it('takes hex of any even length as a candidate signature (smart accounts sign otherwise), bounded in size', () => {
    expect(signatureProblem(`0x${'11'.repeat(65)}`)).toBeUndefined();
    expect(signatureProblem('0x1234')).toBeUndefined();
    expect(signatureProblem(`0x${'ab'.repeat(16 * 1024)}`)).toBeUndefined();
    expect(signatureProblem(`0x${'ab'.repeat(16 * 1024 + 1)}`)).toBe("The wallet's signature is too large: 16385 bytes, at most 16384");
    expect(signatureProblem(`0x${'ab'.repeat(400_000)}`)).toBe("The wallet's signature is too large: 400000 bytes, at most 16384");
    for (const answer of ['0x', '0x123', '1234', '0xzz', { r: 1 }, null, 65]) {
      expect(signatureProblem(answer)).toBe('The wallet answered with something that is not a signature');
    }
  });
});

describe('personal_sign messages', () => {
  it('are sent as hex of their UTF-8 bytes', () => {
    expect(messageToHex('hé')).toBe('0x68c3a9');
    expect(messageToHex('0x12')).toBe('0x30783132');
  });

  it('recover the signer of a message as a wallet signs it', async () => {
    const signature = await new Wallet(KEY).signMessage('Hello from Walletdeck ✓');
    expect(recoverAddress(messageHash('Hello from Walletdeck ✓'), signature)).toBe(ADDRESS);
    expect(recoverAddress(messageHash('Hello from Walletdeck'), signature)).not.toBe(ADDRESS);
  });

  it('must be non-empty and of sane size', () => {
    expect(messageProblem('')).toBe('Write a message to sign');
    expect(messageProblem('x'.repeat(10_001))).toBe('The message is too long: 10001 characters, at most 10000');
    expect(messageProblem('hi')).toBeUndefined();
  });
});
