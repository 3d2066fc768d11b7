// The walletlink signer (Coinbase Wallet app) resets by clearing storage and reloading the page, also
// when the phone ends the session. The guard keeps the page: it closes the link and hands the reset
// to the session, which reports it instead.
import { destroyRelayConnection, replaceRelayReset, walletLinkRelayOf } from './sdkInternals';

export class ReloadGuard {
  private readonly guarded = new WeakSet<object>();

  constructor(private readonly onReset: () => void) {}

  /** Guards the relay of the provider's signer once it exists (the SDK creates it on first use). */
  guard(provider: unknown): void {
    const relay = walletLinkRelayOf(provider);
    if (!relay || this.guarded.has(relay)) return;
    this.guarded.add(relay);
    replaceRelayReset(relay, () => {
      destroyRelayConnection(relay);
      this.onReset();
    });
  }
}
