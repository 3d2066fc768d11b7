// The walletlink relay server (what links the SDK to the Coinbase Wallet app on a phone), faked as
// the page's WebSocket for jsdom: it hosts the session, reports it linked, and can tell the SDK
// that the phone ended the session (`__destroyed`).

interface Frame {
  type?: string;
  id?: number;
  metadata?: Record<string, string>;
}

interface RelayEnd {
  join(socket: FakeRelaySocket): void;
  record(frame: Frame): void;
  leave(socket: FakeRelaySocket): void;
}

class FakeRelaySocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = FakeRelaySocket.CONNECTING;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(
    readonly url: string,
    private readonly relay: RelayEnd,
  ) {
    relay.join(this);
    setTimeout(() => {
      if (this.readyState !== FakeRelaySocket.CONNECTING) return;
      this.readyState = FakeRelaySocket.OPEN;
      this.onopen?.({});
    }, 0);
  }

  send(data: string): void {
    if (data === 'h') return this.push('h');
    const frame = JSON.parse(data) as Frame;
    this.relay.record(frame);
    switch (frame.type) {
      case 'HostSession':
      case 'SetSessionConfig':
      case 'PublishEvent':
        return this.push({ type: 'OK', id: frame.id });
      case 'IsLinked':
        return this.push({ type: 'IsLinkedOK', id: frame.id, linked: true, onlineGuests: 1 });
      case 'GetSessionConfig':
        return this.push({ type: 'GetSessionConfigOK', id: frame.id, metadata: {} });
    }
  }

  push(message: unknown): void {
    setTimeout(() => {
      if (this.readyState === FakeRelaySocket.OPEN) this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
    }, 0);
  }

  close(): void {
    if (this.readyState === FakeRelaySocket.CLOSED) return;
    this.readyState = FakeRelaySocket.CLOSED;
    this.relay.leave(this);
    this.onclose?.({ code: 1000, reason: 'closed' });
  }
}

export class FakeRelay {
  readonly sockets = new Set<FakeRelaySocket>();
  readonly received: Frame[] = [];
  private readonly original = globalThis.WebSocket;

  constructor() {
    const join = (socket: FakeRelaySocket) => this.sockets.add(socket);
    const record = (frame: Frame) => this.received.push(frame);
    const leave = (socket: FakeRelaySocket) => this.sockets.delete(socket);
    const Socket = class extends FakeRelaySocket {
      constructor(url: string) {
        super(url, { join, record, leave });
      }
    };
    Object.assign(globalThis, { WebSocket: Socket });
  }

  /** The phone ends the session: the relay tells every connected page. */
  endSessionFromPhone(): void {
    for (const socket of this.sockets) socket.push({ type: 'SessionConfigUpdated', metadata: { __destroyed: '1' } });
  }

  uninstall(): void {
    for (const socket of [...this.sockets]) socket.close();
    Object.assign(globalThis, { WebSocket: this.original });
  }
}
