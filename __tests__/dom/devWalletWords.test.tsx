// The development wallets say what the README says (docs/behaviour.md §11; issue 38): their connect
// prompt names what the site gets as a label and a whole sentence (never "The site will" / "see…"
// split between the two), and the README agrees with the wallets and the terminal on where the
// extension's tab is, how to reach the development phone, and which account the Coinbase popup picks.
import fs from 'node:fs';
import path from 'node:path';
import { buildPrompt } from '../../scripts/dev/shared/prompt';
import { CONNECT_DETAILS, describeRequest } from '../../scripts/dev/shared/requests';

const root = path.resolve(__dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
/** The README's "Development wallets" section, as one line of text. */
const devSection = readme
  .slice(readme.indexOf('## Development wallets'), readme.indexOf('\n## ', readme.indexOf('## Development wallets') + 1))
  .replace(/\s+/g, ' ');

/** A label and its value, as the prompt draws them (<dt>, <dd>). */
function drawnDetails(details: { label: string; value: string }[]) {
  const prompt = buildPrompt(document, { title: 'Connect to this site?', details, method: 'eth_requestAccounts' }, () => undefined);
  const labels = [...prompt.querySelectorAll('dt')].map((dt) => dt.textContent ?? '');
  const values = [...prompt.querySelectorAll('dd')].map((dd) => dd.textContent ?? '');
  return labels.map((label, i) => ({ label, value: values[i] ?? '' }));
}

describe('the connect prompt of the development wallets', () => {
  it.each([
    ['the extension and the Coinbase popup', describeRequest('eth_requestAccounts', []).details],
    ['the development phone', CONNECT_DETAILS],
  ])('%s: what the site gets is a label and a whole sentence, not one sentence cut in two', (_which, details) => {
    const drawn = drawnDetails(details);
    expect(drawn[0]).toEqual({ label: 'Permissions', value: 'See the address and balance of the account you choose, and ask you to sign and send.' });
    for (const { label, value } of drawn) {
      // A label is a noun, not the start of a sentence; a value starts as a sentence does.
      expect(label).not.toMatch(/\b(will|can|may)$/);
      expect(value).toMatch(/^[A-Z0-9"]/);
    }
  });
});

describe('the README agrees with the wallets (the terminal too: __tests__/unit/devWallets.test.ts)', () => {
  it("places the extension's tab where it is: on the left edge, near the bottom (not the middle)", () => {
    const ui = fs.readFileSync(path.join(root, 'scripts/dev/extension/ui.ts'), 'utf8');
    const toolbar = /\.dev-toolbar \{([^}]*)\}/.exec(ui)?.[1] ?? '';
    expect(toolbar).toMatch(/left: 0;/);
    expect(toolbar).toMatch(/bottom: 6rem;/);
    expect(devSection).toContain('tab on the left edge, near the bottom');
    expect(devSection).not.toMatch(/middle of the left edge|round button/);
  });

  it('says to reach the development phone by "Open in the development phone", as the terminal does', () => {
    expect(devSection).toContain('"Open in the development phone"');
  });

  it("says which account the Coinbase popup picks at first: the first test account, the smart account listed first", () => {
    expect(devSection).toMatch(/lists "Smart account" first/);
    expect(devSection).toMatch(/Account 1 is picked until you pick another/);
  });
});
