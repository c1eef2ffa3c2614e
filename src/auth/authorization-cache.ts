import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource, EntitySubscriberInterface, InsertEvent, QueryRunner, RemoveEvent, TransactionCommitEvent, UpdateEvent } from 'typeorm';
import { BoundedCache } from '../common/bounded-cache.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';

/** The tables an authorization is read from: a write to any of them drops every kept authorization. */
export const AUTHORIZATION_TABLES = new Set(['admins', 'admin_sessions', 'authorized_ips']);
/**
 * How long a kept authorization is used before it is read again. Changes made through the app (on any
 * instance, with Redis) drop it at once; this bounds only changes made beside the app, by hand in the database.
 */
export const AUTHORIZATION_TTL_MS = 2_000;
/** How long the start waits for the subscription to the other instances' changes. */
const SUBSCRIBE_WAIT_MS = 2_000;
/**
 * How long a change waits for every instance to say it has dropped its authorizations. An instance that does
 * not answer in time (its event loop stalled, its connection lost) still sees the change within the TTL.
 */
export const ACK_WAIT_MS = 1_000;
/** How many sessions × addresses are kept (staff sessions: a few hundred at most). */
const ENTRIES = 2_000;

/**
 * The authorizations of recent requests (session, admin and address grants, as one row), so that a request
 * needs no database round trip to be authorized. Kept safe by three rules:
 * - any write to admins, admin_sessions or authorized_ips through the app drops them all, after its commit
 *   (a TypeORM subscriber on the app's data source), and with REDIS_URL tells every other instance to drop
 *   theirs and waits until each has said it did (or ACK_WAIT_MS) before the write's request answers: Redis
 *   handing a message to a subscriber's socket is not that subscriber having read it;
 * - an authorization read while a drop happened is not kept (a generation number), so a read that began before
 *   a logout cannot put the old session back;
 * - with REDIS_URL nothing is kept while the instance is not subscribed (Redis down or reconnecting: every
 *   request reads the database), and everything is dropped when the subscription comes back.
 * Kept rows are checked again on every use (revocation, activity, expiry, grants), as a fresh read would be.
 */
@Injectable()
export class AuthorizationCache implements OnModuleInit, OnApplicationShutdown {
  private readonly entries = new BoundedCache<string, { row: unknown; until: number }>(ENTRIES);
  private generation = 0;
  private subscriber: Redis | null = null;
  private publisher: Redis | null = null;
  private subscribed = false;
  private readonly committing = new WeakSet<QueryRunner>();
  /** The changes this instance published, by id, with how many instances have yet to say they dropped. */
  private readonly awaiting = new Map<string, { acks: number; expected: number | null; done: () => void }>();
  private readonly logger = new Logger(AuthorizationCache.name);
  private readonly dropListeners: (() => void)[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get channel(): string {
    return `${this.config.redis.keyPrefix}authorization-changed`;
  }

  /** Where each instance says it has dropped what it kept, naming the change. */
  private get ackChannel(): string {
    return `${this.channel}:dropped`;
  }

  async onModuleInit(): Promise<void> {
    this.dataSource.subscribers.push(this.subscriberFor());
    const url = this.config.redis.url;
    if (!url) return;
    const { Redis } = await import('ioredis');
    this.publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null, autoResubscribe: false });
    this.publisher.on('error', () => undefined);
    this.subscriber.on('error', (error: Error) => this.logger.warn(`Redis (authorization changes): ${error.message}`));
    this.subscriber.on('message', (channel: string, id: string) => {
      if (channel === this.channel) {
        this.dropAll();
        this.publisher!.publish(this.ackChannel, id).catch(() => undefined);
      } else if (channel === this.ackChannel) {
        this.acknowledged(id);
      }
    });
    let firstSubscription: () => void = () => undefined;
    const subscribedOnce = new Promise<void>((resolve) => (firstSubscription = resolve));
    // On every connection (the first and each one after a loss): subscribe, and only then keep authorizations
    // again, from nothing, since what changed meanwhile is unknown.
    this.subscriber.on('ready', () => {
      this.subscriber!.subscribe(this.channel, this.ackChannel).then(
        () => {
          this.subscribed = true;
          this.dropAll();
          firstSubscription();
        },
        (error: Error) => this.logger.warn(`Redis (authorization changes) refused the subscription: ${error.message}`),
      );
    });
    for (const event of ['close', 'reconnecting', 'end']) {
      this.subscriber.on(event, () => {
        this.subscribed = false;
        this.dropAll();
      });
    }
    // Started without waiting long for Redis: until it answers, every request is authorized from the database.
    await Promise.race([subscribedOnce, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref())]);
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscribed = false;
    await Promise.all([this.subscriber?.quit().catch(() => undefined), this.publisher?.quit().catch(() => undefined)]);
  }

  /** Whether authorizations may be kept at all: always on one instance, with Redis only while subscribed. */
  private get usable(): boolean {
    return this.config.redis.url ? this.subscribed : true;
  }

  /** The kept authorization for a session and address, if still fresh. */
  get<T>(key: string): T | undefined {
    if (!this.usable) return undefined;
    const entry = this.entries.get(key);
    return entry && entry.until > Date.now() ? (entry.row as T) : undefined;
  }

  /** The generation to hand back to `set`: read it before the database is asked. */
  get current(): number {
    return this.generation;
  }

  /** Keeps an authorization read at `generation`, unless a drop happened since. */
  set(key: string, row: unknown, generation: number): void {
    if (generation !== this.generation || !this.usable) return;
    this.entries.set(key, { row, until: Date.now() + AUTHORIZATION_TTL_MS });
  }

  private dropAll(): void {
    this.generation += 1;
    this.entries.clear();
    for (const listener of this.dropListeners) listener();
  }

  /**
   * Calls `listener` whenever authorizations may have changed: a write here or on another instance (with Redis),
   * or the subscription lost or back. The live streams check their sessions again then.
   */
  onDrop(listener: () => void): void {
    this.dropListeners.push(listener);
  }

  /**
   * Drops every kept authorization here and, with Redis, on every instance: it answers once each instance that
   * received the change (PUBLISH says how many, this one included) has said it dropped, or after ACK_WAIT_MS.
   */
  async changed(): Promise<void> {
    this.dropAll();
    if (!this.publisher) return;
    const id = randomUUID();
    let done: () => void = () => undefined;
    const allDropped = new Promise<void>((resolve) => (done = resolve));
    const waiting = { acks: 0, expected: null as number | null, done };
    this.awaiting.set(id, waiting);
    let timer: NodeJS.Timeout | undefined;
    try {
      // Acknowledgements may come before PUBLISH's own answer: they are counted, and compared once it comes.
      waiting.expected = await this.publisher.publish(this.channel, id);
      if (waiting.acks < waiting.expected) {
        const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), ACK_WAIT_MS)));
        if (await Promise.race([allDropped.then(() => false), timedOut])) {
          const missing = waiting.expected - waiting.acks;
          this.logger.warn(
            `${missing} instance(s) did not confirm an authorization change in ${ACK_WAIT_MS} ms; they see it within ${AUTHORIZATION_TTL_MS} ms.`,
          );
        }
      }
    } catch (error) {
      this.logger.error(`Redis did not take an authorization change; other instances see it within ${AUTHORIZATION_TTL_MS} ms. ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
      this.awaiting.delete(id);
    }
  }

  /** An instance said it dropped what it kept for one of this instance's changes. */
  private acknowledged(id: string): void {
    const waiting = this.awaiting.get(id);
    if (!waiting) return;
    waiting.acks += 1;
    if (waiting.expected !== null && waiting.acks >= waiting.expected) waiting.done();
  }

  /** Watches the app's writes to the authorization tables: a drop after each, and again after its commit. */
  private subscriberFor(): EntitySubscriberInterface {
    const written = async (event: InsertEvent<unknown> | UpdateEvent<unknown> | RemoveEvent<unknown>) => {
      if (!AUTHORIZATION_TABLES.has(event.metadata.tableName)) return;
      if (event.queryRunner.isTransactionActive) this.committing.add(event.queryRunner);
      await this.changed();
    };
    return {
      afterInsert: written,
      afterUpdate: written,
      afterRemove: written,
      afterTransactionCommit: async (event: TransactionCommitEvent) => {
        if (!this.committing.has(event.queryRunner)) return;
        this.committing.delete(event.queryRunner);
        await this.changed();
      },
      afterTransactionRollback: (event) => void this.committing.delete(event.queryRunner),
    };
  }
}
