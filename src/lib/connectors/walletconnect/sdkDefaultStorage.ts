// Stands in for @walletconnect/keyvaluestorage in the build (webpack.config.ts aliases it here). The
// app always hands the SDK its own storage (PrefixedKeyValueStorage on the page's guarded storage),
// so the SDK's default is never made; the default's module would read `localStorage` as soon as it is
// evaluated (throwing where the browser refuses storage, and the whole chunk with it) and brings
// IndexedDB code we never run. __tests__/unit/sdkHooks.walletconnect.test.ts checks the SDK still
// takes our storage.
export default class SdkDefaultStorage {
  constructor() {
    throw new Error('Walletdeck gives the WalletConnect SDK its own storage; the default storage is not in this build');
  }
}
