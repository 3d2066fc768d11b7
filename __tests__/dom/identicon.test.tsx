// The identicon (src/ui/Identicon.tsx, docs/behaviour.md §6.1): the same picture for the same address
// wherever it is drawn, a different one for another address, mirrored, never blank, decorative.
import { render } from '@testing-library/react';
import { identiconPattern, Identicon } from '../../src/ui/Identicon';
import { TEST_ACCOUNTS } from '../support/anvil';

const ADDRESSES = TEST_ACCOUNTS.map((account) => account.address);

/** What the picture is: its cells and colours, as drawn in the DOM. */
function drawn(address: string): string {
  const { container } = render(<Identicon address={address} />);
  const svg = container.querySelector('svg')!;
  const picture = [...svg.children].map((child) => child.outerHTML).join('');
  container.remove();
  return picture;
}

describe('the identicon', () => {
  it('is the same picture for the same address, each time it is drawn, whatever the case of its letters', () => {
    for (const address of ADDRESSES) {
      expect(drawn(address)).toBe(drawn(address));
      expect(drawn(address.toLowerCase())).toBe(drawn(address));
    }
  });

  it('differs between addresses: each test account gets its own picture', () => {
    expect(new Set(ADDRESSES.map(drawn)).size).toBe(ADDRESSES.length);
    expect(new Set(ADDRESSES.map((a) => identiconPattern(a).colour)).size).toBeGreaterThan(1);
  });

  it('is a 5 × 5 grid mirrored left to right, never blank, and decorative (hidden from assistive technology)', () => {
    for (const address of [...ADDRESSES, '0x0000000000000000000000000000000000000000']) {
      const { cells } = identiconPattern(address);
      expect(cells).toHaveLength(25);
      for (let row = 0; row < 5; row++) {
        const line = cells.slice(row * 5, row * 5 + 5);
        expect(line).toEqual([...line].reverse());
      }
      expect(cells).toContain(true);
    }
    const { container } = render(<Identicon address={ADDRESSES[0]!} size={24} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('width')).toBe('24');
    expect(svg.querySelector('path')?.getAttribute('d')).toMatch(/^(M\d \dh1v1h-1z)+$/);
  });

  it('draws a stable picture for text that is not an address (values from wallets are untrusted)', () => {
    expect(identiconPattern('not an address')).toEqual(identiconPattern('not an address'));
    expect(identiconPattern('')).toEqual(identiconPattern(''));
    expect(identiconPattern('not an address').cells).toHaveLength(25);
  });
});
