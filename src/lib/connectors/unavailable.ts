// A wallet kind that this build cannot offer (not configured): it never reconnects and says why.
import { ERROR_NAMES, WalletdeckError } from '../errors';
import type { ConnectionId, Connector, Eip1193Provider } from './types';

export class UnavailableConnector implements Connector {
  readonly supportsRevoke = false;
  constructor(
    readonly id: ConnectionId,
    readonly name: string,
    readonly unavailableReason: string,
  ) {}

  isAvailable(): boolean {
    return false;
  }

  hasStoredSession(): boolean {
    return false;
  }

  async getProvider(): Promise<Eip1193Provider> {
    throw new WalletdeckError(ERROR_NAMES.configuration, this.unavailableReason);
  }

  async disconnect(): Promise<void> {}

  subscribe(): () => void {
    return () => undefined;
  }
}
