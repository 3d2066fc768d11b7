// The Network panel (docs/behaviour.md §5.7, §3.4), behind "Network status" in the footer: retired networks are not
// listed; a chain that cannot be used is shown as not configured, with nothing to check.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { buildChains } from '../../src/lib/chainConfig';
import { chainIds } from '../../src/lib/chains';
import { setupStore } from '../../store/setupStore';
import { renderApp } from '../support/renderApp';

afterEach(cleanup);

// Nothing listens on port 9 of this machine: every read fails at once, no request leaves it.
const NOWHERE = 'http://127.0.0.1:9';
const { built } = buildChains({
  file: {
    label: 'chains.json',
    text: JSON.stringify({ chains: [{ id: 1, rpcUrls: [NOWHERE] }, { id: 8453, rpcUrls: [] }, { id: 84532, rpcUrls: [NOWHERE] }] }),
  },
});
if (!built) throw new Error('the file is valid');

async function panel() {
  const store = setupStore(undefined, { allowedChainIds: built?.allowedChainIds });
  renderApp(store, built?.chains ?? {});
  // The panel is behind "Network status" in the footer.
  fireEvent.click(screen.getByRole('button', { name: 'Network status' }));
  return screen.findByTestId('network-panel', {}, { timeout: 10_000 });
}

describe('the Network panel', () => {
  it('lists the live chains of the table, no retired network', async () => {
    const rows = within(await panel()).getAllByRole('listitem').filter((li) => li.dataset.testid?.startsWith('network-chain-'));
    expect(rows.map((li) => li.dataset.testid)).toEqual(['network-chain-1', 'network-chain-8453', 'network-chain-84532']);
    // Retired networks are in the table (known by name), just not listed.
    expect(chainIds(built?.chains ?? {})).toContain(5);
  });

  it('shows a chain without a usable URL as not configured, without "Check endpoints"', async () => {
    await panel();
    const base = screen.getByTestId('network-chain-8453');
    expect(within(base).getByTestId('not-configured').textContent).toBe('Not configured on this site (no RPC endpoint).');
    expect(within(base).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('network-chain-84532')).getByRole('button', { name: 'Check endpoints' })).toBeTruthy();
  });
});
