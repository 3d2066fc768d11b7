// Sign and send at 320 px where the layout is the point (issue 38; docs/behaviour.md §6.9, §7.9): a full
// address breaks only between its groups of four, in the line that says where a name points, in the
// signer's line and in the typed-data preview; and while "Send to several" waits on the wallet, its
// locked fields still read as the values they hold, not as placeholders. The built app in Chromium,
// the fake extension wallet, names on real ENS contracts on anvil. The rules behind these words are
// checked in the DOM too (__tests__/dom/sendFinish.test.tsx); here, what the browser lays out.
import { Wallet } from 'ethers';
import type { Locator, Page } from 'playwright-core';
import { deployEns, setAddress } from '../../contracts/deployEns';
import { rpc } from '../support/anvil';
import { connect, expectLayout, openSigning, signMessage, waitForOutcome } from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet, type FakeWallet } from '../support/fakeWallet';

const METAMASK = { uuid: '5f1d2e8a-3c47-4b19-9a0e-7d6c5b4a3e21', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };
/** A name of this suite's own on the development chain's registry. */
const NAME = 'grouped-recipient.test';
const NAMED = Wallet.createRandom().address;
const ETH = 10n ** 18n;

const suite = browserSuite();

beforeAll(async () => {
  await deployEns(suite.rpcUrls[31337]!);
  await setAddress(suite.rpcUrls[31337]!, NAME, NAMED);
}, 60_000);

/** A fresh funded key of this test's own, connected at 320 px, the panel open. */
async function openAt320(): Promise<{ page: Page; wallet: FakeWallet }> {
  const sender = Wallet.createRandom();
  await rpc(suite.rpcUrls[31337]!, 'anvil_setBalance', [sender.address, `0x${(10n * ETH).toString(16)}`]);
  const context = await suite.newContext({ viewport: { width: 320, height: 800 } });
  const wallet = await installFakeWallet(context, { announce: METAMASK, rpcUrls: { 31337: suite.rpcUrls[31337]! }, privateKeys: [sender.privateKey] });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await connect(page, 'injected');
  await openSigning(page);
  return { page, wallet };
}

/**
 * Where the lines of the first full address in `where` break, counted in characters from its start
 * ("0x" included), and how many lines it takes: read from each character's box, as the user sees it.
 */
async function addressLines(where: Locator): Promise<{ address: string; lines: number; breaks: number[] }> {
  return where.evaluate((element) => {
    const chars: { char: string; top: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = [...range.getClientRects()].find((r) => r.width > 0);
        if (box) chars.push({ char: node.data[i]!, top: Math.round(box.top) });
      }
    }
    const text = chars.map((c) => c.char).join('');
    const at = text.search(/0x[0-9a-fA-F]{40}/);
    const address = chars.slice(at, at + 42);
    const breaks: number[] = [];
    for (let i = 1; i < address.length; i++) if (address[i]!.top > address[i - 1]!.top + 2) breaks.push(i);
    return { address: address.map((c) => c.char).join(''), lines: breaks.length + 1, breaks };
  });
}

/** Group boundaries of a drawn address: after "0x" and four digits, then every four. */
const BETWEEN_GROUPS = Array.from({ length: 9 }, (_, i) => 6 + 4 * i);

describe('at 320 px, a full address breaks only between its groups of four (§6.9)', () => {
  it('where a name points, the signer of a signature, and every address of the typed-data preview', async () => {
    const { page } = await openAt320();
    const section = page.getByTestId('sign-section');
    const transfer = section.getByTestId('sign-transaction');
    await transfer.getByLabel('To').fill(NAME);
    const resolved = transfer.getByTestId('resolved');
    await resolved.waitFor();
    await signMessage(page, 'grouped');
    const verified = (await waitForOutcome(page, 'message', 'signed')).getByTestId('verified');
    const preview = section.getByTestId('typed-data-preview');
    const previewAddresses = preview.locator('li').filter({ has: page.locator(':scope > .type', { hasText: /^address$/ }) });
    expect(await previewAddresses.count()).toBe(3);
    const places = [resolved, verified, ...(await previewAddresses.all())];
    const wrapped: string[] = [];
    for (const place of places) {
      const { address, lines, breaks } = await addressLines(place);
      expect([address, breaks.filter((at) => !BETWEEN_GROUPS.includes(at))]).toEqual([address, []]);
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      if (lines > 1) wrapped.push(address);
    }
    // The width is the point: at 320 px these lines do wrap, so the breaks above were tested.
    expect(wrapped).toContain(NAMED);
    expect(wrapped.length).toBeGreaterThanOrEqual(3);
    await expectLayout(page);
  });
});

describe('"Send to several" waiting on the wallet (§7.9)', () => {
  it('its locked fields show their values in the text colour, not faded like the placeholders', async () => {
    const { page, wallet } = await openAt320();
    await page.getByTestId('transfer-choice').getByLabel('Send to several').check();
    const form = page.getByTestId('sign-several');
    const to = [Wallet.createRandom().address, Wallet.createRandom().address];
    for (const [index, address] of to.entries()) {
      await form.getByLabel(`Recipient ${index + 1}`, { exact: true }).fill(address);
      await form.getByLabel(`Amount ${index + 1} (ETH)`, { exact: true }).fill('0.01');
    }
    await form.getByRole('button', { name: 'Add a recipient' }).click();
    wallet.approval = 'manual';
    await form.getByRole('button', { name: 'Send to 2' }).click();
    await form.locator('[data-testid=several-status][data-status=waiting]').waitFor();
    const looks = await form.evaluate((element) => {
      const fields = [...element.querySelectorAll<HTMLInputElement>('.several-row input')];
      const text = getComputedStyle(element).color;
      return {
        text,
        fields: fields.map((field) => {
          const style = getComputedStyle(field);
          const placeholder = getComputedStyle(field, '::placeholder');
          // The colour a placeholder is painted in (only a field with one has it).
          const painted = field.placeholder ? placeholder.webkitTextFillColor : undefined;
          return { value: field.value, disabled: field.disabled, opacity: style.opacity, fill: style.webkitTextFillColor, placeholder: painted };
        }),
      };
    });
    const filled = looks.fields.filter((field) => field.value !== '');
    expect(filled.map((field) => field.value)).toEqual([to[0], '0.01', to[1], '0.01']);
    for (const field of looks.fields) {
      expect(field).toMatchObject({ disabled: true, opacity: '1' });
      expect(field.fill).toBe(looks.text);
    }
    // A value and a placeholder never look alike: the empty third row's recipient still reads as one.
    const placeholders = looks.fields.flatMap((field) => (field.placeholder === undefined ? [] : [field.placeholder]));
    expect(placeholders).toHaveLength(3);
    for (const painted of placeholders) expect(painted).not.toBe(looks.text);
    await expectLayout(page);
  });
});
