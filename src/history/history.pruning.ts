import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DailyJobs } from '../common/daily-jobs.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { HistoryService } from './history.service.js';

/** Keeps HISTORY_RETENTION_DAYS of history: a daily job removes older entries, 5,000 at a time (HistoryService.prune). */
@Injectable()
export class HistoryPruning implements OnModuleInit {
  constructor(
    private readonly history: HistoryService,
    private readonly jobs: DailyJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register('History pruning', () => this.prune());
  }

  async prune(): Promise<string | null> {
    const days = this.config.historyRetentionDays;
    const removed = await this.history.prune(days);
    return removed > 0 ? `${removed} history entries older than ${days} days removed` : null;
  }
}
