// Serves a built app directory on 127.0.0.1 like a static host that reads the build's _headers file
// (Netlify, Cloudflare Pages), with index.html for unknown paths: content-hashed files are cached for
// good, everything else is revalidated (a reload is a returning user's reload, not a first visit),
// and every header the file gives for a path is sent, the Content-Security-Policy included.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.png': 'image/png',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** Webpack's `[contenthash:10]` names: the bytes can never change under such a name. */
const HASHED = /\.[0-9a-f]{10}\.(js|css)$/;

export function cacheControl(file: string): string {
  return HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export interface HeaderRule {
  /** The rule's path pattern: `*` matches anything, `:name` one path segment. */
  path: string;
  headers: [name: string, value: string][];
}

/** A `_headers` file as those hosts read it: a path line, then its headers indented as `Name: value`. */
export function readHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules[rules.length - 1];
    if (!rule || colon < 0) throw new Error(`_headers: a header line outside a path rule, or without a colon: ${JSON.stringify(line)}`);
    rule.headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

function matches(rule: HeaderRule, pathname: string): boolean {
  const pattern = rule.path
    .split(/(\*|:[A-Za-z]+)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`).test(pathname);
}

/** The headers the rules give a request path: every matching rule in order, a later one winning a name. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) if (matches(rule, pathname)) for (const [name, value] of rule.headers) headers[name] = value;
  return headers;
}

export function serveStatic(root: string, port = 0): Promise<StaticServer> {
  const headersFile = path.join(root, '_headers');
  const rules = existsSync(headersFile) ? readHeadersFile(readFileSync(headersFile, 'utf8')) : [];
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(root, 'index.html');
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': cacheControl(file),
      ...headersFor(rules, pathname),
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        url: `http://127.0.0.1:${actual}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
