import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LIVE_REPLAY_MINUTES, type LiveEventName } from '../shared/live.views.js';

/** Who may receive an event: everyone (no field), masters only, one admin, or one session. */
export interface Audience {
  papel?: 'master';
  admin?: number;
  sessao?: string;
}

/** An event in the log: its id (`<ms>-<seq>`, ordered), name, payload and audience. */
export interface LiveEvent {
  id: string;
  name: LiveEventName;
  data: unknown;
  audience: Audience;
}

export type NewLiveEvent = Omit<LiveEvent, 'id'>;

export const REPLAY_MS = LIVE_REPLAY_MINUTES * 60_000;
/** Events kept besides the time window, whichever is reached first. */
export const LOG_MAX_EVENTS = 20_000;
/** Events handed to a reconnecting stream at most: all the log keeps. */
const REPLAY_MAX = LOG_MAX_EVENTS;
/** A valid event id, as Redis Streams write them. */
const EVENT_ID = /^(\d{1,15})-(\d{1,9})$/;

/** Compares two event ids: negative when `a` came first. */
export function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(Number);
  const [bm, bs] = b.split('-').map(Number);
  return am !== bm ? am - bm : as - bs;
}

/** A Last-Event-ID as the client sent it: a well-formed id, or undefined (a malformed one is ignored). */
export function parseEventId(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.slice(0, 40).trim();
  return EVENT_ID.test(trimmed) ? trimmed : undefined;
}

/**
 * Where events go and come from: every instance appends to it and hears every append (its own and the other
 * instances'), in one order, and a reconnecting stream reads what it missed from it.
 */
export interface EventLog {
  /** Whether appends reach every instance right now (always on one instance; with Redis, while it answers). */
  readonly live: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Adds events in order; resolves once they are in the log (rejects when the log is away). */
  append(events: NewLiveEvent[]): Promise<void>;
  /** The events after `id` within the replay window, oldest first. */
  since(id: string): Promise<LiveEvent[]>;
  /** The id of the last event heard, where a new stream starts. */
  lastId(): string;
  /** Called with every event, in order, once per event. */
  onEvent(listener: (event: LiveEvent) => void): void;
  /** Called when `live` changes. */
  onState(listener: (live: boolean) => void): void;
}

/** One instance without Redis: a ring in memory, trimmed by time and by length. */
export class MemoryEventLog implements EventLog {
  readonly live = true;
  private readonly ring: { event: LiveEvent; at: number }[] = [];
  private lastMs = 0;
  private seq = 0;
  private last = '0-0';
  private readonly listeners: ((event: LiveEvent) => void)[] = [];

  async start(): Promise<void> {}
  async stop(): Promise<void> {}

  append(events: NewLiveEvent[]): Promise<void> {
    const now = Date.now();
    for (const event of events) {
      const ms = Math.max(now, this.lastMs);
      this.seq = ms === this.lastMs ? this.seq + 1 : 0;
      this.lastMs = ms;
      const stored: LiveEvent = { ...event, id: `${ms}-${this.seq}` };
      this.ring.push({ event: stored, at: now });
      this.last = stored.id;
      for (const listener of this.listeners) listener(stored);
    }
    this.trim(now);
    return Promise.resolve();
  }

  private trim(now: number): void {
    let drop = Math.max(0, this.ring.length - LOG_MAX_EVENTS);
    while (drop < this.ring.length && this.ring[drop].at < now - REPLAY_MS) drop += 1;
    if (drop > 0) this.ring.splice(0, drop);
  }

  since(id: string): Promise<LiveEvent[]> {
    this.trim(Date.now());
    const found: LiveEvent[] = [];
    for (const { event } of this.ring) if (compareIds(event.id, id) > 0 && found.length < REPLAY_MAX) found.push(event);
    return Promise.resolve(found);
  }

  lastId(): string {
    return this.last;
  }

  onEvent(listener: (event: LiveEvent) => void): void {
    this.listeners.push(listener);
  }

  onState(): void {}
}

type StreamEntry = [id: string, fields: string[]];

/**
 * Several instances: a Redis Stream. Appends are XADD, trimmed to the replay window (MINID) and a length cap;
 * one blocking XREAD per instance, on a connection of its own, reads every new entry from the last id it read
 * and fans it out to the instance's streams, so the number of Redis connections does not grow with the tabs.
 * When Redis goes away the log says it is not live; the reader goes on from its last id when Redis is back,
 * so what the other instances appended meanwhile is not missed.
 */
export class RedisEventLog implements EventLog {
  private writer: Redis | null = null;
  private reader: Redis | null = null;
  private last = '0-0';
  private reading = false;
  private isLive = false;
  private readonly listeners: ((event: LiveEvent) => void)[] = [];
  private readonly stateListeners: ((live: boolean) => void)[] = [];
  private readonly logger = new Logger('LiveEvents');
  private loop: Promise<void> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly key: string,
  ) {}

  get live(): boolean {
    return this.isLive;
  }

  async start(): Promise<void> {
    const { Redis } = await import('ioredis');
    // Named after the stream's key, so an operator (and the leak test) can tell them in CLIENT LIST.
    const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true } as const;
    this.writer = new Redis(this.url, { ...options, connectionName: `${this.key}:writer` });
    this.reader = new Redis(this.url, { ...options, connectionName: `${this.key}:reader` });
    this.writer.on('error', () => undefined);
    this.reader.on('error', (error: Error) => this.logger.warn(`Redis (live events): ${error.message}`));
    for (const event of ['close', 'end']) this.reader.on(event, () => this.setLive(false));
    await Promise.all([this.writer.connect().catch(() => undefined), this.reader.connect().catch(() => undefined)]);
    this.reading = true;
    this.loop = this.read();
  }

  async stop(): Promise<void> {
    this.reading = false;
    // The reader may be blocked in XREAD: disconnecting ends it at once.
    this.reader?.disconnect();
    this.writer?.disconnect();
    await this.loop;
  }

  private setLive(live: boolean): void {
    if (live === this.isLive) return;
    this.isLive = live;
    for (const listener of this.stateListeners) listener(live);
  }

  /** The instance's one reader: from the last id in the stream at start, every entry after the last one read. */
  private async read(): Promise<void> {
    let started = false;
    while (this.reading) {
      try {
        if (!started) {
          const newest = (await this.reader!.xrevrange(this.key, '+', '-', 'COUNT', 1)) as StreamEntry[];
          this.last = newest[0]?.[0] ?? '0-0';
          started = true;
        }
        this.setLive(true);
        const answer = (await this.reader!.xread('COUNT', 500, 'BLOCK', 5_000, 'STREAMS', this.key, this.last)) as [string, StreamEntry[]][] | null;
        for (const [, entries] of answer ?? []) {
          for (const entry of entries) {
            this.last = entry[0];
            const event = decode(entry);
            if (event) for (const listener of this.listeners) listener(event);
          }
        }
      } catch (error) {
        if (!this.reading) break;
        this.setLive(false);
        this.logger.debug?.(`Live events reader: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        if (this.reader && this.reader.status !== 'ready' && this.reader.status !== 'connecting' && this.reader.status !== 'reconnecting') {
          await this.reader.connect().catch(() => undefined);
        }
      }
    }
  }

  async append(events: NewLiveEvent[]): Promise<void> {
    if (events.length === 0) return;
    const minId = `${Date.now() - REPLAY_MS}-0`;
    const batch = this.writer!.multi();
    for (const event of events) {
      batch.xadd(this.key, 'MINID', '~', minId, '*', 'n', event.name, 'd', JSON.stringify(event.data), 'a', JSON.stringify(event.audience));
    }
    batch.xtrim(this.key, 'MAXLEN', '~', LOG_MAX_EVENTS);
    const results = await batch.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('Redis did not take the events');
  }

  async since(id: string): Promise<LiveEvent[]> {
    const entries = (await this.writer!.xrange(this.key, `(${id}`, '+', 'COUNT', REPLAY_MAX)) as StreamEntry[];
    const events: LiveEvent[] = [];
    for (const entry of entries) {
      const event = decode(entry);
      if (event) events.push(event);
    }
    return events;
  }

  lastId(): string {
    return this.last;
  }

  onEvent(listener: (event: LiveEvent) => void): void {
    this.listeners.push(listener);
  }

  onState(listener: (live: boolean) => void): void {
    this.stateListeners.push(listener);
  }
}

function decode([id, fields]: StreamEntry): LiveEvent | null {
  const values = new Map<string, string>();
  for (let index = 0; index + 1 < fields.length; index += 2) values.set(fields[index], fields[index + 1]);
  try {
    return {
      id,
      name: values.get('n') as LiveEventName,
      data: JSON.parse(values.get('d') ?? 'null'),
      audience: JSON.parse(values.get('a') ?? '{}') as Audience,
    };
  } catch {
    return null;
  }
}
