// Bundled for the page (esbuild, see bundle.ts): what MetaMask's extension injects, from npm.
// The in-page half is MetaMask's own: WindowPostMessageStream 'metamask-inpage' -> ObjectMultiplex ->
// substream 'metamask-provider' -> initializeProvider (window.ethereum, EIP-6963 announcement).
// The content-script half ('metamask-contentscript') hands the multiplexed chunks to the test process,
// where the "extension background" runs (background.ts), and writes its chunks back.
import ObjectMultiplex from '@metamask/object-multiplex';
import { WindowPostMessageStream } from '@metamask/post-message-stream';
import { initializeProvider } from '@metamask/providers';
import { pipeline, type Duplex } from 'readable-stream';

interface MetaMaskPageConfig {
  bindingName: string;
  receiverName: string;
  providerInfo: { uuid: string; name: string; icon: string; rdns: string };
}

declare const __METAMASK_CONFIG__: MetaMaskPageConfig;

const config = __METAMASK_CONFIG__;
const scope = window as unknown as Record<string, unknown>;
const toBackground = scope[config.bindingName] as (session: string, chunk: unknown) => Promise<void>;
// One connection per page load, as the extension opens one port per document.
const session = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

// The content script: chunks in both directions, untouched.
const contentScript = new WindowPostMessageStream({ name: 'metamask-contentscript', target: 'metamask-inpage' });
contentScript.on('data', (chunk: unknown) => {
  void toBackground(session, chunk);
});
scope[config.receiverName] = (chunk: unknown) => {
  contentScript.write(chunk);
};

// The in-page provider, wired as the extension wires it.
const inpage = new WindowPostMessageStream({ name: 'metamask-inpage', target: 'metamask-contentscript' }) as unknown as Duplex;
const mux = new ObjectMultiplex();
mux.setMaxListeners(25);
pipeline(inpage, mux as unknown as Duplex, inpage, (error: unknown) => {
  if (error) console.warn('MetaMask inpage stream ended', error);
});
initializeProvider({
  connectionStream: mux.createStream('metamask-provider') as unknown as Duplex,
  providerInfo: config.providerInfo,
  shouldShimWeb3: false,
});
