// What a "nothing more happens" check waits for instead of a pause: the wallet's answer to a request
// reached the app (the announced provider's `request` settled), then the app ran and painted what follows.
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Records, in the page, each wallet request whose answer reached the app (the announced provider's
 * `request` settled): what a "nothing more happens" check waits for instead of a pause.
 */
export async function recordSettledRequests(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const settled: string[] = [];
    (window as unknown as { settledRequests: string[] }).settledRequests = settled;
    window.addEventListener('eip6963:announceProvider', (event) => {
      const provider = (event as CustomEvent<{ provider: { request(args: { method: string }): Promise<unknown>; __recorded?: true } }>).detail.provider;
      if (provider.__recorded) return;
      provider.__recorded = true;
      const request = provider.request.bind(provider);
      provider.request = (args) => {
        const done = () => settled.push(args.method);
        const answer = request(args);
        answer.then(done, done);
        return answer;
      };
    });
  });
}

/** Waits until the wallet's answer to `method` reached the app, then until the app has run and painted what follows. */
export async function answerHandled(page: Page, method: string): Promise<void> {
  await page.waitForFunction((m) => (window as unknown as { settledRequests: string[] }).settledRequests.includes(m), method);
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve)))));
}
