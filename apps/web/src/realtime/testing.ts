import type { JoinFeedAck } from '@josie/contract';
import { createFeedSocket, type FeedSocketHub, type SocketClientModule } from './feedSocket';

/**
 * A stand-in for `socket.io-client` in tests (never imported by the app), handed to the app's feed socket
 * rather than replacing a module: {@link createFakeFeedSocket} builds a hub on it, which `renderApp`
 * provides (`FeedSocketProvider`) and a unit test subscribes to directly.
 *
 * Each `io(options)` call makes a {@link FakeSocket} recorded in {@link fakeSockets}; a test plays the
 * server with `connectFromServer()` and `push(event, payload)`, and reads what the client sent in `emitted`.
 */
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  readonly listeners = new Map<string, Set<Listener>>();
  /** Events the client emitted, with their arguments. */
  readonly emitted: Array<{ event: string; args: unknown[] }> = [];
  connected = false;
  /** `disconnect()` was called. */
  closed = false;

  constructor(readonly options: Record<string, unknown>) {}

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }

  disconnect(): this {
    this.closed = true;
    this.connected = false;
    return this;
  }

  /** The server accepted the (re)connection: fires `connect` like socket.io does each time. */
  connectFromServer(): void {
    this.connected = true;
    this.fire('connect');
  }

  /** The server sends `event`. */
  push(event: string, ...args: unknown[]): void {
    this.fire(event, ...args);
  }

  /**
   * The server confirms the last `join-feed` the client sent (its acknowledgement callback) with `joined`;
   * by default without `latest`, as a server from before that field answers.
   */
  acknowledgeJoin(joined: Partial<JoinFeedAck> = { curators: [] }): void {
    const join = this.emitted.findLast((sent) => sent.event === 'join-feed');
    const ack = join?.args.at(-1);
    if (typeof ack !== 'function') throw new Error('No join-feed with an acknowledgement was sent');
    ack(joined);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

/** Every socket made since the last {@link resetFakeSockets}, oldest first. */
export const fakeSockets: FakeSocket[] = [];

/** Forgets the sockets made so far. */
export function resetFakeSockets(): void {
  fakeSockets.length = 0;
}

/** The newest socket (throws when none was made). */
export function lastFakeSocket(): FakeSocket {
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('No socket was opened');
  return socket;
}

function io(options: Record<string, unknown> = {}): FakeSocket {
  const socket = new FakeSocket(options);
  fakeSockets.push(socket);
  return socket;
}

/** The stand-in module's exports: what `import('socket.io-client')` answers in the app. */
export const socketIoModule = { io, default: io } as unknown as SocketClientModule;

/**
 * A feed socket hub whose connections are {@link FakeSocket}s. `load` answers the client module
 * (default: {@link socketIoModule}); a test makes it fail to play a chunk that does not load.
 */
export function createFakeFeedSocket(
  load: () => Promise<SocketClientModule> = async () => socketIoModule,
): FeedSocketHub {
  return createFeedSocket(load);
}
