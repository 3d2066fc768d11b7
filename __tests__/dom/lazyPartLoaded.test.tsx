// lazyPart's `loaded` (src/ui/lazyPart.tsx): a part whose code is already here (loaded ahead of need,
// as the connected view is on pointing at "Connect wallet") appears in the very update that shows it,
// with no "Loading…" in between; one whose code is not here yet shows its fallback, then itself.
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPart } from '../../src/ui/lazyPart';
import { WAIT_MS } from '../support/lifecycle';

afterEach(cleanup);

function Here({ words }: { words: string }) {
  return <p>{words}</p>;
}

const inSuspense = (Part: ReturnType<typeof lazyPart<typeof Here>>) => (
  <Suspense fallback={<p>Loading…</p>}>
    <Part words="The part" />
  </Suspense>
);

it('a part whose module is already loaded renders at once, without its fallback', () => {
  const module = { default: Here };
  const load = jest.fn(() => Promise.resolve(module));
  render(inSuspense(lazyPart('The part', load, () => module)));
  expect(screen.getByText('The part')).toBeTruthy();
  expect(screen.queryByText('Loading…')).toBeNull();
  expect(load).not.toHaveBeenCalled();
});

it('a part whose module is not loaded yet shows its fallback, then the part', async () => {
  let loaded: { default: typeof Here } | undefined;
  const load = () => Promise.resolve({ default: Here }).then((module) => (loaded = module));
  render(inSuspense(lazyPart('The part', load, () => loaded)));
  expect(screen.getByText('Loading…')).toBeTruthy();
  expect(await screen.findByText('The part', {}, { timeout: WAIT_MS })).toBeTruthy();
});
