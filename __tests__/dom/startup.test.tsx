// src/main.tsx: whatever fails while starting, a module that throws while evaluated included, ends as
// the start-up failure page (the reason and Reload), not a blank page.
import { screen, waitFor } from '@testing-library/react';

afterEach(() => {
  jest.resetModules();
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

async function start(): Promise<HTMLElement> {
  document.body.innerHTML = '<div id="root"></div>';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // The page's first step (the kinds' adapters) stands aside: each test breaks a later one.
  jest.doMock('../../src/startKinds', () => ({ startPage: () => ({}) }));
  await jest.isolateModulesAsync(async () => {
    await import('../../src/main');
  });
  return waitFor(() => screen.getByTestId('startup-failure'));
}

it('a boot that throws (e.g. a configuration error) shows the reason and Reload', async () => {
  jest.doMock('../../src/boot', () => ({
    boot: () => {
      throw new Error('allowedChainIds is length 0');
    },
  }));
  const page = await start();
  expect(page.textContent).toContain('Walletdeck could not start');
  expect(page.textContent).toContain('Reason: allowedChainIds is length 0');
  expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
});

it('a module that throws while it is evaluated is caught the same way', async () => {
  jest.doMock('../../src/boot', () => {
    throw new TypeError("Cannot read properties of undefined (reading 'localStorage')");
  });
  const page = await start();
  expect(page.textContent).toContain("Reason: Cannot read properties of undefined (reading 'localStorage')");
});

it('a first step that throws is caught the same way', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.doMock('../../src/startKinds', () => ({
    startPage: () => {
      throw new Error('No chain table was built in');
    },
  }));
  await jest.isolateModulesAsync(async () => {
    await import('../../src/main');
  });
  const page = await waitFor(() => screen.getByTestId('startup-failure'));
  expect(page.textContent).toContain('Reason: No chain table was built in');
});

it('a render that throws before the app mounts is caught the same way', async () => {
  jest.doMock('../../src/boot', () => ({ boot: () => ({ config: { chains: {} }, store: {} }) }));
  jest.doMock('../../src/app/render', () => ({
    renderApp: () => {
      throw new Error('index.html has no #root element');
    },
  }));
  const page = await start();
  expect(page.textContent).toContain('Reason: index.html has no #root element');
});
