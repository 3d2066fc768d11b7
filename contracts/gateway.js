// The local EIP-3668 gateway of the offchain resolver (Names.sol OffchainResolver), for `npm start`
// and tests: answers `resolve(bytes name, bytes data)` calls for the names it holds, signed with the
// key the resolver trusts; and, as the development image source, serves a small picture per name at
// /avatar/<name> (a stand-in for ENS's metadata service). Plain node:http, 127.0.0.1 only.
const http = require('node:http');
const { AbiCoder, Interface, SigningKey, getBytes, keccak256, solidityPacked } = require('ethers');
const { GATEWAY_KEY, OFFCHAIN_RESOLVER_ADDRESS } = require('./deployNames');

const coder = AbiCoder.defaultAbiCoder();
const calls = new Interface([
  'function resolve(bytes name, bytes data)',
  'function addr(bytes32 node)',
  'function addr(bytes32 node, uint256 coinType)',
  'function text(bytes32 node, string key)',
  'function name(bytes32 node)',
]);
/** How long a signed answer stays valid. */
const ANSWER_SECONDS = 300;
const MAX_BODY = 64 * 1024;

/** "\x05alice\x04test\x00" → "alice.test". */
function dnsDecode(bytes) {
  const labels = [];
  let i = 0;
  while (i < bytes.length && bytes[i] !== 0) {
    const size = bytes[i];
    labels.push(Buffer.from(bytes.slice(i + 1, i + 1 + size)).toString('utf8'));
    i += 1 + size;
  }
  return labels.join('.');
}

/**
 * The ABI-encoded answer of a resolver call for a name's records (undefined: a call it does not know).
 * @param {{ addresses?: Record<string, string>, texts?: Record<string, string> } | undefined} record
 */
function answer(record, data) {
  const call = calls.parseTransaction({ data });
  if (!call) return undefined;
  const addresses = record?.addresses ?? {};
  const own = (coinType) => addresses[String(coinType)] ?? (coinType !== 60n && (coinType & 0x80000000n) !== 0n ? addresses[String(0x80000000)] : undefined);
  switch (call.signature) {
    case 'addr(bytes32)':
      return coder.encode(['address'], [addresses['60'] ?? '0x0000000000000000000000000000000000000000']);
    case 'addr(bytes32,uint256)':
      return coder.encode(['bytes'], [own(call.args[1]) ?? '0x']);
    case 'text(bytes32,string)':
      return coder.encode(['string'], [record?.texts?.[call.args[1]] ?? '']);
    case 'name(bytes32)':
      return coder.encode(['string'], ['']);
    default:
      return undefined;
  }
}

/**
 * The resolver's expected answer: (result, expires, signature over 0x1900 ‖ resolver ‖ expires ‖
 * keccak(request) ‖ keccak(result)). The resolver is the offchain resolver this gateway serves (the
 * lookup's `sender` is the Universal Resolver that passed the lookup on).
 */
function signedAnswer(request, result, resolver = OFFCHAIN_RESOLVER_ADDRESS, now = Math.floor(Date.now() / 1000)) {
  const expires = BigInt(now + ANSWER_SECONDS);
  const digest = keccak256(solidityPacked(['bytes2', 'address', 'uint64', 'bytes32', 'bytes32'], ['0x1900', resolver, expires, keccak256(request), keccak256(result)]));
  const sig = new SigningKey(GATEWAY_KEY).sign(digest).serialized;
  return coder.encode(['bytes', 'uint64', 'bytes'], [result, expires, sig]);
}

/** A picture of the name's first letter: an SVG image (drawn by <img>, which runs no script). */
function avatarImage(name) {
  const letter = (name.match(/[a-z0-9]/i)?.[0] ?? '?').toUpperCase();
  let hue = 0;
  for (const ch of name) hue = (hue * 31 + ch.codePointAt(0)) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="hsl(${hue} 60% 45%)"/><text x="32" y="42" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
}

/**
 * @param {{ records: Record<string, { addresses?: Record<string, string>, texts?: Record<string, string> }>, port?: number }} options
 *   records by name (the full name, e.g. "carol.off.test"); addresses by coin type
 * @returns {Promise<{ url: string, template: string, imageSource: string, requests: () => number, stop: () => Promise<void> }>}
 */
function startGateway({ records, port = 0 }) {
  let count = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // Images are read by the page (another origin); lookups by the page's fetch.
    res.setHeader('access-control-allow-origin', '*');
    const avatar = url.pathname.match(/^\/avatar\/([^/]+)$/);
    if (avatar && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=60' });
      res.end(avatarImage(decodeURIComponent(avatar[1])));
      return;
    }
    const reply = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const handle = (data) => {
      count++;
      try {
        const call = calls.parseTransaction({ data });
        if (!call || call.name !== 'resolve') return reply(400, { message: 'not a resolve(bytes,bytes) call' });
        const name = dnsDecode(getBytes(call.args[0]));
        const result = answer(records[name], call.args[1]);
        if (result === undefined) return reply(400, { message: 'unsupported record' });
        reply(200, { data: signedAnswer(data, result) });
      } catch (error) {
        reply(400, { message: String(error?.message ?? error) });
      }
    };
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
        if (body.length > MAX_BODY) req.destroy();
      });
      req.on('end', () => {
        try {
          const { data } = JSON.parse(body);
          handle(data);
        } catch {
          reply(400, { message: 'not JSON' });
        }
      });
      return;
    }
    const get = url.pathname.match(/^\/(0x[0-9a-fA-F]{40})\/(0x[0-9a-fA-F]*)\.json$/);
    if (get && req.method === 'GET') return handle(get[2]);
    reply(404, { message: 'not found' });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const origin = `http://127.0.0.1:${server.address().port}`;
      resolve({
        url: origin,
        // EIP-3668 URL templates: {sender} and {data} are filled in by the client.
        template: `${origin}/{sender}/{data}.json`,
        imageSource: `${origin}/avatar/{name}`,
        requests: () => count,
        stop: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

module.exports = { startGateway, signedAnswer, dnsDecode };
