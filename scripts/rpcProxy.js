// `node scripts/rpcProxy.js <upstream URL> [latency ms]`: a JSON-RPC endpoint in front of a local
// node, for the reconnect benchmark. It adds the given latency to every request and answers CORS,
// and prints `listening <url>` once it is ready. It runs in its own process, as a real endpoint
// runs on its own machine: in the benchmark's process, its answers would queue behind the fake
// wallet's and the browser driver's work, which the baseline page never overlaps with.
const http = require('node:http');

const [to, latencyArg = '0'] = process.argv.slice(2);
const latencyMs = Number(latencyArg);
if (!to || !/^https?:\/\//.test(to) || !Number.isFinite(latencyMs) || latencyMs < 0) {
  console.error('usage: node scripts/rpcProxy.js <upstream http URL> [latency ms]');
  process.exit(2);
}

const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
const server = http.createServer(async (req, res) => {
  if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs));
  try {
    const upstream = await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
    res.writeHead(upstream.status, { ...cors, 'content-type': 'application/json' }).end(await upstream.text());
  } catch {
    res.destroy();
  }
});
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
// Ends with its parent (the benchmark), whatever way that ends.
process.on('disconnect', () => process.exit(0));
