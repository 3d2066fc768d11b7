// SPEC section 3: the chain table.
import { addChainParameters, buildChainTable, chainIds, toHexChainId } from '../../src/lib/chains';

describe('the chain table', () => {
  it('has the 12 supported chains with their names and native currencies', () => {
    const table = buildChainTable();
    expect(chainIds(table).sort((x, y) => x - y)).toEqual([1, 3, 4, 5, 10, 42, 69, 85, 137, 42161, 80001, 421611]);
    expect(table[137]?.nativeCurrency).toEqual({ name: 'Matic', symbol: 'MATIC', decimals: 18 });
    expect(table[85]?.nativeCurrency).toEqual({ name: 'GateToken', symbol: 'GT', decimals: 18 });
    expect(table[85]?.name).toBe('Meteora (GateChain test chain)');
    expect(table[10]?.rpcUrls).toContain('https://mainnet.optimism.io');
    expect(table[42161]?.rpcUrls).toContain('https://arb1.arbitrum.io/rpc');
    expect(table[85]?.rpcUrls).toEqual(['https://meteora-evm.gatenode.cc', 'https://testnet.gatenode.cc']);
  });

  it('adds provider-keyed URLs only when their key is configured, first', () => {
    expect(buildChainTable()[3]?.rpcUrls).toEqual([]);
    const keyed = buildChainTable({ infuraKey: 'abc', alchemyKey: 'xyz' });
    expect(keyed[1]?.rpcUrls.slice(0, 2)).toEqual(['https://mainnet.infura.io/v3/abc', 'https://eth-mainnet.g.alchemy.com/v2/xyz']);
    expect(keyed[3]?.rpcUrls).toEqual(['https://ropsten.infura.io/v3/abc', 'https://eth-ropsten.g.alchemy.com/v2/xyz']);
    expect(JSON.stringify(buildChainTable())).not.toMatch(/infura|alchemy/);
  });

  it('adds the local development chain only when given', () => {
    expect(buildChainTable()[31337]).toBeUndefined();
    expect(buildChainTable({}, 'http://127.0.0.1:8545')[31337]).toMatchObject({ rpcUrls: ['http://127.0.0.1:8545'], development: true });
  });

  it('gives wallet_addEthereumChain parameters only for chains that have all of them', () => {
    const table = buildChainTable();
    expect(addChainParameters(table[42161])).toEqual({
      chainId: '0xa4b1',
      chainName: 'Arbitrum One',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://arb1.arbitrum.io/rpc'],
      blockExplorerUrls: ['https://arbiscan.io'],
    });
    expect(addChainParameters(buildChainTable({ infuraKey: 'k' })[3])).toBeUndefined();
    expect(addChainParameters(undefined)).toBeUndefined();
    expect(toHexChainId(421611)).toBe('0x66eeb');
  });
});
