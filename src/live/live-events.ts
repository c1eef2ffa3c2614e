import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import type { LiveEventName } from '../shared/live.views.js';
import { MemoryEventLog, RedisEventLog, type Audience, type EventLog } from './event-log.js';

/**
 * Raises the back office's live events: one place every module calls, whatever it reports. The events go to
 * the log (Redis Streams with REDIS_URL, a ring in memory without), from which every instance's open streams
 * are fed. Raising never fails the caller's request: the change it reports is already committed, and the pages
 * read the truth from the database when a stream says it missed something.
 */
@Injectable()
export class LiveEvents implements OnModuleInit, OnApplicationShutdown {
  readonly log: EventLog;
  private readonly logger = new Logger(LiveEvents.name);

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.log = config.redis.url ? new RedisEventLog(config.redis.url, `${config.redis.keyPrefix}live-events`) : new MemoryEventLog();
  }

  async onModuleInit(): Promise<void> {
    await this.log.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.log.stop();
  }

  /** Raises one event for `audience` (everyone by default). */
  async raise(name: LiveEventName, data: unknown, audience: Audience = {}): Promise<void> {
    await this.raiseAll([{ name, data, audience }]);
  }

  async raiseAll(events: { name: LiveEventName; data: unknown; audience?: Audience }[]): Promise<void> {
    try {
      await this.log.append(events.map((event) => ({ name: event.name, data: event.data, audience: event.audience ?? {} })));
    } catch (error) {
      this.logger.warn(`Live events not raised (${events.map((event) => event.name).join(', ')}): ${(error as Error).message}`);
    }
  }
}
