// In the app's page, development builds only: answers the WalletConnect SDK's Verify iframe from the
// local service (the development phone's server) instead of the public host. Offline, the SDK would
// otherwise wait 5 s for it on every proposal and request; the phone checks the attestation against
// the same local service's key, as a wallet checks the real one.
import { LOCAL_VERIFY, attestationMessage, isVerifyUrl } from './verifyShared';

async function answer(frame: HTMLIFrameElement, serviceOrigin: string): Promise<void> {
  const asked = new URL(frame.src);
  // Nothing is asked of the public host; the SDK removes the frame once answered.
  frame.src = 'about:blank';
  const url = new URL(LOCAL_VERIFY.attestation, serviceOrigin);
  url.searchParams.set('id', asked.searchParams.get('id') ?? '');
  url.searchParams.set('origin', asked.searchParams.get('origin') ?? location.origin);
  try {
    const response = await fetch(url);
    const body = (await response.json()) as { attestation?: unknown };
    if (typeof body.attestation === 'string') window.postMessage(attestationMessage(body.attestation), location.origin);
  } catch (error) {
    console.warn(`Development wallets: the local WalletConnect Verify service (${serviceOrigin}) did not answer; the SDK waits 5 s instead.`, error);
  }
}

export function answerVerifyInPage(serviceOrigin: string): () => void {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLIFrameElement && isVerifyUrl(node.src) && new URL(node.src).pathname.endsWith('/attestation')) {
          void answer(node, serviceOrigin);
        }
      }
    }
  });
  // The SDK appends its frame to the body; only the body's own children are watched.
  const watch = () => observer.observe(document.body, { childList: true });
  if (document.body) watch();
  else document.addEventListener('DOMContentLoaded', watch, { once: true });
  return () => observer.disconnect();
}
