import type { ServerResponse } from 'node:http';
import { Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AuthService } from '../auth/auth.service.js';
import { AuthorizationCache } from '../auth/authorization-cache.js';
import { SessionException } from '../auth/auth.exceptions.js';
import type { AuthenticatedAdmin } from '../auth/auth.types.js';
import {
  LIVE_HEARTBEAT_MS,
  LIVE_STREAMS_PER_SESSION,
  type LiveEventName,
  type SessionEndedEvent,
  type StreamClosedEvent,
  type StreamStateEvent,
} from '../shared/live.views.js';
import { compareIds, type LiveEvent } from './event-log.js';
import { LiveEvents } from './live-events.js';

/** How long a stream's sessions are trusted without a change before they are checked again (expiry). */
const RECHECK_MS = 60_000;
/** A tab that does not read what is sent to it is dropped past this much unsent data. */
const MAX_UNSENT_BYTES = 1 << 20;
/** What EventSource waits before reconnecting, sent when a stream opens and when the instance stops. */
const RETRY_MS = 2_000;
const STOPPING_RETRY_MS = 500;

/** One open stream: whose it is, where it stands, and what arrived while it was being caught up. */
class Stream {
  lastSent: string;
  catchingUp = true;
  readonly waiting: LiveEvent[] = [];
  closed = false;

  constructor(
    readonly res: ServerResponse,
    public admin: AuthenticatedAdmin,
    readonly token: string,
    readonly ip: string,
    from: string,
  ) {
    this.lastSent = from;
  }
}

/**
 * The open event streams of this instance (GET /api/admin/eventos), fed from the one log every instance
 * shares. Each event goes to the streams whose admin may see it, once and in the log's order: a reconnecting
 * stream is first caught up from the log (Last-Event-ID), while what arrives meanwhile waits, and nothing at or
 * before the last id sent goes out twice. Sessions are checked again whenever authorizations change (on any
 * instance): a session ended closes its streams with `sessao.encerrada`.
 */
@Injectable()
export class LiveStreams implements OnModuleInit, BeforeApplicationShutdown {
  private readonly streams = new Set<Stream>();
  private readonly bySession = new Map<string, Stream[]>();
  private heartbeat: NodeJS.Timeout | undefined;
  private recheckTimer: NodeJS.Timeout | undefined;
  private recheckSoon: NodeJS.Timeout | undefined;
  private stopping = false;
  private readonly logger = new Logger(LiveStreams.name);

  constructor(
    private readonly events: LiveEvents,
    private readonly auth: AuthService,
    private readonly authorizations: AuthorizationCache,
  ) {}

  onModuleInit(): void {
    this.events.log.onEvent((event) => this.deliver(event));
    this.events.log.onState((live) => this.broadcastState(live));
    this.authorizations.onDrop(() => this.scheduleRecheck());
    this.heartbeat = setInterval(() => this.beat(), LIVE_HEARTBEAT_MS).unref();
    this.recheckTimer = setInterval(() => this.scheduleRecheck(), RECHECK_MS).unref();
  }

  /** Before the HTTP server closes: it would wait for the open streams. */
  beforeApplicationShutdown(): void {
    this.closeAll();
  }

  /** How many streams are open here (for the leak test and the health of the instance). */
  get size(): number {
    return this.streams.size;
  }

  /**
   * Opens a stream on `res` for an authenticated admin: the headers, the retry hint, the events after
   * `lastEventId` it may see (or none), the state of live events, then everything new as it comes.
   */
  async open(res: ServerResponse, admin: AuthenticatedAdmin, token: string, ip: string, lastEventId: string | undefined): Promise<void> {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // nginx would hold the events in its buffer: this answer is not buffered (deploy/nginx.conf too).
      'X-Accel-Buffering': 'no',
    });
    if (this.stopping) {
      this.write(res, `retry: ${STOPPING_RETRY_MS}\n\n`);
      res.end();
      return;
    }
    // Without Last-Event-ID a stream starts at the log's present: what arrives from now on.
    const stream = new Stream(res, admin, token, ip, lastEventId ?? this.events.log.lastId());
    this.streams.add(stream);
    const siblings = this.bySession.get(admin.jti) ?? [];
    siblings.push(stream);
    this.bySession.set(admin.jti, siblings);
    res.once('close', () => this.forget(stream));
    // The oldest tab of a session past the limit is told why, and does not come back on its own.
    while (siblings.length > LIVE_STREAMS_PER_SESSION) this.close(siblings[0], 'fluxo.encerrado', { motivo: 'limite' } satisfies StreamClosedEvent);

    this.write(res, `retry: ${RETRY_MS}\n: conectado\n\n`);
    const live = this.events.log.live;
    let missed: LiveEvent[] = [];
    if (lastEventId && live) {
      try {
        missed = await this.events.log.since(lastEventId);
      } catch {
        // The log went away between the check and the read: the state event below says so.
      }
    }
    if (stream.closed) return;
    for (const event of missed) this.send(stream, event);
    for (const event of stream.waiting.splice(0)) this.send(stream, event);
    stream.catchingUp = false;
    this.emit(stream, 'fluxo.estado', { aoVivo: this.events.log.live } satisfies StreamStateEvent);
  }

  /** An event from the log: to every stream here whose admin may see it. */
  private deliver(event: LiveEvent): void {
    for (const stream of this.streams) {
      if (stream.catchingUp) stream.waiting.push(event);
      else this.send(stream, event);
    }
  }

  private send(stream: Stream, event: LiveEvent): void {
    if (stream.closed || !visibleTo(event, stream.admin)) return;
    if (compareIds(event.id, stream.lastSent) <= 0) return;
    stream.lastSent = event.id;
    this.write(stream.res, `id: ${event.id}\nevent: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`, stream);
  }

  /** An event of this stream only (its state, its end), under the last id it was sent. */
  private emit(stream: Stream, name: LiveEventName, data: unknown): void {
    if (stream.closed) return;
    this.write(stream.res, `id: ${stream.lastSent}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`, stream);
  }

  private write(res: ServerResponse, text: string, stream?: Stream): void {
    if (res.writableEnded || res.destroyed) return;
    res.write(text);
    if (stream && res.writableLength > MAX_UNSENT_BYTES) {
      this.logger.warn('A live stream that does not read its events was closed');
      res.destroy();
    }
  }

  private beat(): void {
    for (const stream of this.streams) this.write(stream.res, ': ping\n\n', stream);
  }

  private broadcastState(live: boolean): void {
    for (const stream of this.streams) if (!stream.catchingUp) this.emit(stream, 'fluxo.estado', { aoVivo: live } satisfies StreamStateEvent);
  }

  /** Ends a stream with a last event. */
  private close(stream: Stream, name: LiveEventName, data: unknown): void {
    this.emit(stream, name, data);
    this.forget(stream);
    stream.res.end();
  }

  private forget(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    stream.waiting.length = 0;
    this.streams.delete(stream);
    const siblings = this.bySession.get(stream.admin.jti);
    if (!siblings) return;
    const index = siblings.indexOf(stream);
    if (index >= 0) siblings.splice(index, 1);
    if (siblings.length === 0) this.bySession.delete(stream.admin.jti);
  }

  private scheduleRecheck(): void {
    if (this.recheckSoon || this.streams.size === 0) return;
    this.recheckSoon = setTimeout(() => {
      this.recheckSoon = undefined;
      void this.recheck();
    }, 20);
    this.recheckSoon.unref();
  }

  /**
   * Checks each open session as a request would: one ended (logged out, deactivated, its IP removed, expired)
   * closes its streams with `sessao.encerrada`; a changed role or name is used from now on.
   */
  private async recheck(): Promise<void> {
    for (const [jti, siblings] of Array.from(this.bySession)) {
      const first = siblings[0];
      if (!first) continue;
      try {
        const { admin } = await this.auth.authenticate(first.token, first.ip);
        for (const stream of siblings) stream.admin = admin;
      } catch (error) {
        if (!(error instanceof SessionException)) continue; // the database is away: checked again at the next change
        const ended: SessionEndedEvent = { codigo: error.problem, mensagem: error.message };
        for (const stream of Array.from(this.bySession.get(jti) ?? [])) this.close(stream, 'sessao.encerrada', ended);
      }
    }
  }

  /**
   * The instance is stopping: every stream is told to come back soon (EventSource reconnects by itself, to
   * another instance behind the load balancer) and closed, so the stop does not wait for them.
   */
  closeAll(): void {
    this.stopping = true;
    clearInterval(this.heartbeat);
    clearInterval(this.recheckTimer);
    clearTimeout(this.recheckSoon);
    for (const stream of Array.from(this.streams)) {
      this.write(stream.res, `retry: ${STOPPING_RETRY_MS}\n\n`);
      this.close(stream, 'fluxo.encerrado', { motivo: 'reinicio' } satisfies StreamClosedEvent);
    }
  }
}

/** Whether an event's audience includes this admin. */
export function visibleTo(event: LiveEvent, admin: AuthenticatedAdmin): boolean {
  const audience = event.audience;
  if (audience.papel === 'master' && admin.role !== 'master') return false;
  if (audience.admin !== undefined && audience.admin !== admin.id) return false;
  if (audience.sessao !== undefined && audience.sessao !== admin.jti) return false;
  return true;
}
