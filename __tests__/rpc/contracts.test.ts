// The ENS contracts the development chain and the tests use: compiled output in sync with the
// Solidity source, deployed at the address the app is built with, names set up by `npm start`.
import { compileEns } from '../../contracts/compile';
import artifact from '../../contracts/ENS.json';
import { REGISTRY_ADDRESS } from '../../contracts/deployEns';
import { setupDevChain, DEV_NAMES } from '../../scripts/devchain';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { DEV_ENS_REGISTRY } from '../../src/lib/chains';
import { createRpcRuntime } from '../../src/lib/rpc';
import { chainApi } from '../../store/chainApi';
import { rpcApi } from '../../store/rpcApi';
import { setupStore } from '../../store/setupStore';
import { rpc, startAnvil } from '../support/anvil';

describe('ENS contracts', () => {
  it('ENS.json is what the installed solc makes of ENS.sol', () => {
    const fresh = compileEns();
    expect(fresh.compiler).toBe(artifact.compiler);
    expect(fresh.registry.bytecode).toBe(artifact.registry.bytecode);
    expect(fresh.resolver.bytecode).toBe(artifact.resolver.bytecode);
  });

  it('deploy to the address the app knows for the development chain', () => {
    expect(REGISTRY_ADDRESS).toBe(DEV_ENS_REGISTRY);
    expect(buildChainTable({}, 'http://127.0.0.1:8545')[31337]?.ensRegistry).toBe(DEV_ENS_REGISTRY);
  });

  it('npm start names the first test accounts, and running it again on the same chain is harmless', async () => {
    const anvil = await startAnvil({ chainId: 31337 });
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await setupDevChain(anvil.url);
      await setupDevChain(anvil.url);
      expect(await rpc(anvil.url, 'eth_getCode', [DEV_ENS_REGISTRY, 'latest'])).not.toBe('0x');
      const store = setupStore(undefined, { rpc: createRpcRuntime(buildChainTable({}, anvil.url)) });
      const names = await Promise.all(
        DEV_NAMES.map(([, address]) => store.dispatch(chainApi.endpoints.getName.initiate({ chainId: 31337, address }, { subscribe: false }))),
      );
      expect(names.map((n) => n.data)).toEqual(DEV_NAMES.map(([name]) => name));
      store.dispatch(rpcApi.util.resetApiState());
    } finally {
      log.mockRestore();
      await anvil.stop();
    }
  });
});
