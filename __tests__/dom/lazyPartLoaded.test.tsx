// lazyPart's `preloaded` (src/ui/lazyPart.tsx), for a part whose code is asked for ahead of need (the
// connected view, on pointing at "Connect wallet" or at a silent reconnect's start): when its code is
// here it appears in the very update that shows it, with no "Loading…" in between; when it is not, its
// own fallback shows until the code arrives, as a plain update (no Suspense, so no fallback throttle);
// a chunk that fails to load is the part's failure, with Reload.
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyPart } from '../../src/ui/lazyPart';
import { WAIT_MS } from '../support/lifecycle';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

function Here({ words }: { words: string }) {
  return <p>{words}</p>;
}

type Module = { default: typeof Here };
const fallback = <p>Loading…</p>;

it('a part whose code is already here renders at once, without its fallback, and does not load it again', () => {
  const module: Module = { default: Here };
  const load = jest.fn(() => Promise.resolve(module));
  const Part = lazyPart('The part', load, { loaded: () => module, fallback });
  render(<Part words="The part" />);
  expect(screen.getByText('The part')).toBeTruthy();
  expect(screen.queryByText('Loading…')).toBeNull();
  expect(load).not.toHaveBeenCalled();
});

it('a part whose code is not here yet shows its fallback, then the part once it arrives', async () => {
  let arrive: (module: Module) => void = () => undefined;
  const load = () => new Promise<Module>((resolve) => (arrive = resolve));
  const Part = lazyPart('The part', load, { loaded: () => undefined, fallback });
  render(<Part words="The part" />);
  expect(screen.getByText('Loading…')).toBeTruthy();
  expect(screen.queryByText('The part')).toBeNull();
  await act(async () => arrive({ default: Here }));
  expect(await screen.findByText('The part', {}, { timeout: WAIT_MS })).toBeTruthy();
  expect(screen.queryByText('Loading…')).toBeNull();
});

it('a part whose chunk fails to load says so, with Reload, in its place', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const chunkError = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });
  const Part = lazyPart('The wallet controls', () => Promise.reject(chunkError), { loaded: () => undefined, fallback });
  render(<Part words="The part" />);
  const failed = await screen.findByTestId('part-failed', {}, { timeout: WAIT_MS });
  expect(failed.textContent).toMatch(/^The wallet controls could not be downloaded/);
  expect(failed.textContent).toMatch(/Reload$/);
  expect(screen.queryByText('Loading…')).toBeNull();
});
