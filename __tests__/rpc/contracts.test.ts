// The ENS contracts the development chain and the tests use: compiled output in sync with the
// Solidity source, deployed at the address the app is built with, names set up by `npm start`.
import { compileEns } from '../../contracts/compile';
import { compileNames } from '../../contracts/compileNames';
import artifact from '../../contracts/ENS.json';
import namesArtifact from '../../contracts/Names.json';
import { REGISTRY_ADDRESS } from '../../contracts/deployEns';
import { UNIVERSAL_RESOLVER_ADDRESS } from '../../contracts/deployNames';
import { setupDevChain, gatewayEnv, DEV_NAMES, DEV_OFFCHAIN } from '../../scripts/devchain';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { DEV_ENS_REGISTRY, DEV_ENS_UNIVERSAL_RESOLVER } from '../../src/lib/chains';
import { readNameSettings } from '../../src/lib/names/settingsCheck';
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

  it('Names.json is what the installed solc makes of Names.sol', () => {
    const fresh = compileNames() as unknown as Record<string, { bytecode?: string }>;
    for (const [name, compiled] of Object.entries(namesArtifact as unknown as Record<string, { bytecode?: string } | string>)) {
      if (typeof compiled === 'string') expect(fresh[name]).toBe(compiled);
      else expect(fresh[name]?.bytecode).toBe(compiled.bytecode);
    }
  });

  it('deploy to the addresses the app knows for the development chain', () => {
    expect(REGISTRY_ADDRESS).toBe(DEV_ENS_REGISTRY);
    expect(UNIVERSAL_RESOLVER_ADDRESS).toBe(DEV_ENS_UNIVERSAL_RESOLVER);
    expect(buildChainTable({}, 'http://127.0.0.1:8545')[31337]?.ensRegistry).toBe(DEV_ENS_REGISTRY);
    expect(buildChainTable({}, 'http://127.0.0.1:8545')[31337]?.ensUniversalResolver).toBe(DEV_ENS_UNIVERSAL_RESOLVER);
  });

  it('npm start names the first test accounts (one with an avatar, one off chain), and running it again on the same chain is harmless', async () => {
    const anvil = await startAnvil({ chainId: 31337 });
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const gateways: Array<{ stop(): Promise<void> } | undefined> = [];
    try {
      gateways.push((await setupDevChain(anvil.url)).gateway);
      const { gateway } = await setupDevChain(anvil.url);
      gateways.push(gateway);
      expect(gateway).toBeDefined();
      expect(await rpc(anvil.url, 'eth_getCode', [DEV_ENS_REGISTRY, 'latest'])).not.toBe('0x');
      // The development build is told about the local gateway as npm start tells it.
      const { settings, problems } = readNameSettings({ gateways: gatewayEnv(gateway)['WALLETDECK_NAME_GATEWAYS'], imageSource: gatewayEnv(gateway)['WALLETDECK_AVATAR_SOURCE'] }, true);
      expect(problems).toEqual([]);
      const store = setupStore(undefined, { rpc: createRpcRuntime(buildChainTable({}, anvil.url), { nameSettings: settings }), chunks: { names: { load: () => import('../../src/lib/names') } } });
      const names = await Promise.all(
        [...DEV_NAMES, DEV_OFFCHAIN].map(([, address]) => store.dispatch(chainApi.endpoints.getName.initiate({ chainId: 31337, address }, { subscribe: false }))),
      );
      expect(names.map((n) => n.data?.name)).toEqual([...DEV_NAMES, DEV_OFFCHAIN].map(([name]) => name));
      expect(names[0]?.data?.avatar).toBe(`${gateway?.url}/avatar/alice.test`);
      store.dispatch(rpcApi.util.resetApiState());
    } finally {
      log.mockRestore();
      for (const g of gateways) await g?.stop();
      await anvil.stop();
    }
  });
});
