import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { HistoryService } from './history.service.js';

const HOUR_MS = 3_600_000;

/**
 * Keeps HISTORY_RETENTION_DAYS of history: an hour after start and then every day, entries older than that go,
 * 5,000 at a time by primary key (HistoryService.prune). Every instance runs it; a batch another one already
 * removed simply finds nothing.
 */
@Injectable()
export class HistoryPruning implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(HistoryPruning.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly history: HistoryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(HOUR_MS);
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => void this.prune(), delay);
    this.timer.unref();
  }

  async prune(): Promise<number> {
    try {
      const removed = await this.history.prune(this.config.historyRetentionDays);
      if (removed > 0) this.logger.log(`${removed} history entries older than ${this.config.historyRetentionDays} days removed`);
      return removed;
    } catch (error) {
      this.logger.error(`History pruning failed: ${(error as Error).message}`);
      return 0;
    } finally {
      this.schedule(24 * HOUR_MS);
    }
  }
}
