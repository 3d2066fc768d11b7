// jsdom as the dom project runs it, plus what a browser has and jsdom lacks for the app's chain reads
// (src/lib/rpc: fetch, streams, TextDecoder), taken from Node: for DOM tests that read a real node.
// Use with a docblock: @jest-environment ./__tests__/support/jsdomWithFetch.js
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['fetch', 'Request', 'Response', 'Headers', 'ReadableStream', 'TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal', 'structuredClone'];

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // Node's fetch takes only Node's AbortSignal: the pair comes from Node together.
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetch;
