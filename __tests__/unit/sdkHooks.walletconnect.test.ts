// What the WalletConnect connector relies on beyond the EthereumProvider's own API
// (walletconnect/sdkInternals.ts), checked on the real SDK as installed, initialised against the local
// relay: an upgrade that renames one fails here, instead of quietly leaving stale QR pairings, missed
// expiries or a stored session the shell cannot find.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EthereumProvider } from '@walletconnect/ethereum-provider';
import type { SignClientTypes } from '@walletconnect/types';
import { getSdkError } from '@walletconnect/utils';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { WC_SESSION_KEY } from '../../src/lib/connectors/walletconnect';
import {
  SDK_USER_DISCONNECTED_CODE,
  SESSION_EXPIRE_EVENT,
  WALLETCONNECT_SDK_HOOKS,
  WALLETCONNECT_SDK_STORAGE,
  codelessRejectionMessage,
  disconnectPairing,
  onSessionExpire,
  probeSdkHooks,
  type WalletConnectSdkHook,
} from '../../src/lib/connectors/walletconnect/sdkInternals';
import { loadWalletConnectSdk, walletConnectChains, type WalletConnectSdkProvider } from '../../src/lib/connectors/walletconnect/session';
import type { SdkKeyValueStorage } from '../../src/lib/connectors/walletconnect/shared';
import { trackTimers } from '../support/sdkTimers';
import { startWcRelay, type WcRelay } from '../../scripts/dev/walletconnect/relay';
import { setUp, tearDown } from '../support/lifecycle';
import { releaseCore } from '../support/wcWallet';

const timers = trackTimers();

// The same hooks in the SDK's own type declarations: `npm run typecheck` fails on a rename too.
type Sdk = InstanceType<typeof EthereumProvider>;
export type DeclaredHooks = [Sdk['signer']['client']['on'], Sdk['signer']['client']['core']['pairing']['disconnect']];
const declaredExpireEvent: SignClientTypes.Event = SESSION_EXPIRE_EVENT;

/** The SDK's key-value storage in memory, recording which keys the SDK reads. */
function recordingStorage(): SdkKeyValueStorage & { read: string[] } {
  const data = new Map<string, unknown>();
  const read: string[] = [];
  return {
    read,
    getKeys: async () => [...data.keys()],
    getEntries: async <T,>() => [...data.entries()] as [string, T][],
    getItem: async <T,>(key: string) => {
      read.push(key);
      return data.get(key) as T | undefined;
    },
    setItem: async (key, value) => void data.set(key, value),
    removeItem: async (key) => void data.delete(key),
  };
}

/** The value at a dotted path, read the plain way (not through the module under test). */
function at(root: unknown, dotted: string): unknown {
  let value = root;
  for (const key of dotted.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

const kind = (value: unknown) => (value === null ? 'null' : typeof value);

const packageVersion = (name: string) =>
  (JSON.parse(readFileSync(path.resolve(__dirname, '../../node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

let relay: WcRelay;
let sdk: WalletConnectSdkProvider;
let storage: ReturnType<typeof recordingStorage>;

setUp(async () => {
  relay = await startWcRelay();
  storage = recordingStorage();
  const create = await loadWalletConnectSdk();
  const { optionalChains, rpcMap } = walletConnectChains(buildChainTable({}, 'http://127.0.0.1:8545'));
  sdk = await create({
    projectId: 'walletdeck-test',
    relayUrl: relay.url,
    optionalChains,
    rpcMap,
    metadata: { name: 'Walletdeck', description: 'test', url: 'http://127.0.0.1', icons: [] },
    storage,
    logger: 'silent',
  });
});

tearDown(() => [
  () => sdk && releaseCore((sdk as unknown as { signer: { client: { core: Parameters<typeof releaseCore>[0] } } }).signer.client.core),
  relay,
  () => timers.clearAll(),
]);

it('is the pinned SDK, 2.25', () => {
  expect(packageVersion('@walletconnect/ethereum-provider')).toMatch(/^2\.25\./);
});

describe('every hook the module lists exists in the initialised SDK, with its type', () => {
  it('lists the same hooks it probes', () => {
    expect(Object.keys(probeSdkHooks({})).sort()).toEqual(Object.keys(WALLETCONNECT_SDK_HOOKS).sort());
  });

  it.each(Object.entries(WALLETCONNECT_SDK_HOOKS) as [WalletConnectSdkHook, string][])('%s is a %s', (hook, type) => {
    expect(kind(at(sdk, hook))).toBe(type);
    expect(probeSdkHooks(sdk)[hook]).toBe(true);
  });

  it('the sign client takes a listener for session expiry, and a pairing can be forgotten through it', async () => {
    expect(onSessionExpire(sdk, () => undefined)).toBe(true);
    const forgetting = disconnectPairing(sdk, 'a'.repeat(64));
    expect(forgetting).toBeInstanceOf(Promise);
    await expect(forgetting).resolves.toBeUndefined(); // an unknown pairing is no error for the caller
  });
});

describe('what the module relies on beyond the hooks', () => {
  it(`the sign client emits "${SESSION_EXPIRE_EVENT}"`, () => {
    expect(declaredExpireEvent).toBe('session_expire');
    const signClient = readFileSync(require.resolve('@walletconnect/sign-client'), 'utf8');
    expect(signClient).toContain(`"${SESSION_EXPIRE_EVENT}"`);
  });

  it('the SDK keeps its sessions under the key the shell reads before the SDK loads', () => {
    expect(WALLETCONNECT_SDK_STORAGE.sessionKey).toBe(WC_SESSION_KEY);
    expect(storage.read).toContain(WC_SESSION_KEY);
  });

  it(`a session deleted on purpose comes with the SDK's code ${SDK_USER_DISCONNECTED_CODE}`, () => {
    expect(getSdkError('USER_DISCONNECTED').code).toBe(SDK_USER_DISCONNECTED_CODE);
  });

  it("the SDK's words for a refused proposal are recognised as a rejection", () => {
    const { message } = getSdkError('USER_REJECTED');
    expect(codelessRejectionMessage(new Error(message))).toBe(message);
  });
});

describe('a hook the SDK no longer has', () => {
  const throwing = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
    },
  );

  it('is reported missing by the probe', () => {
    expect(probeSdkHooks({ signer: { client: { once: () => undefined, core: { pairings: {} } } } })).toEqual({
      'signer.client.on': false,
      'signer.client.core.pairing.disconnect': false,
    });
  });

  it('never throws, and says it found nothing', () => {
    for (const provider of [undefined, null, {}, { signer: null }, { signer: { client: throwing } }, throwing]) {
      expect(onSessionExpire(provider, () => undefined)).toBe(false);
      expect(disconnectPairing(provider, 'topic')).toBeUndefined();
      expect(Object.values(probeSdkHooks(provider))).not.toContain(true);
    }
  });
});
