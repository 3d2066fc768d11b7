// The avatar (src/ui/Avatar.tsx, docs/behaviour.md §5.5): the name's image in the identicon's place once
// it has loaded; the identicon while it loads, when it fails, and when there is none. Only an <img>.
import { act, fireEvent, render } from '@testing-library/react';
import { Avatar } from '../../src/ui/Avatar';
import { TEST_ACCOUNTS } from '../support/anvil';

const ADDRESS = TEST_ACCOUNTS[0].address;
const IMAGE = 'https://img.example/avatar/alice.eth';

const shown = (container: HTMLElement) => ({
  identicons: container.querySelectorAll('[data-testid=identicon]').length,
  image: container.querySelector<HTMLImageElement>('img[data-testid=avatar]:not([hidden])')?.getAttribute('src') ?? null,
});

describe('the avatar', () => {
  it('no image: the identicon alone', () => {
    const { container } = render(<Avatar address={ADDRESS} />);
    expect(shown(container)).toEqual({ identicons: 1, image: null });
    expect(container.querySelector('img')).toBeNull();
  });

  it('while the image loads the identicon is shown; once loaded, the image alone', () => {
    const { container } = render(<Avatar address={ADDRESS} image={IMAGE} />);
    expect(shown(container)).toEqual({ identicons: 1, image: null });
    act(() => void fireEvent.load(container.querySelector('img')!));
    expect(shown(container)).toEqual({ identicons: 0, image: IMAGE });
    // Decorative, like the identicon: the name beside it is what is read.
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('an image that fails gives the identicon; another image gets its own chance', () => {
    const { container, rerender } = render(<Avatar address={ADDRESS} image={IMAGE} />);
    act(() => void fireEvent.error(container.querySelector('img')!));
    expect(shown(container)).toEqual({ identicons: 1, image: null });
    expect(container.querySelector('img')).toBeNull();
    const other = 'data:image/png;base64,iVBORw0KGgo=';
    rerender(<Avatar address={ADDRESS} image={other} />);
    act(() => void fireEvent.load(container.querySelector('img')!));
    expect(shown(container)).toEqual({ identicons: 0, image: other });
  });
});
