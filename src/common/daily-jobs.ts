import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

const HOUR_MS = 3_600_000;

/** A job that keeps a table trimmed; it answers what it did, for the log (null: nothing to say). */
export type DailyJob = () => Promise<string | null>;

/**
 * The app's housekeeping: jobs registered by modules (old history entries, old notifications) run an hour after
 * start and then every day, one after the other; a failing job is logged and the others still run. Every
 * instance runs them; each job works in short batches by primary key, so a batch another instance already
 * removed simply finds nothing.
 */
@Injectable()
export class DailyJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs = new Map<string, DailyJob>();
  private timer: NodeJS.Timeout | undefined;
  private readonly logger = new Logger(DailyJobs.name);

  register(name: string, job: DailyJob): void {
    this.jobs.set(name, job);
  }

  onApplicationBootstrap(): void {
    this.schedule(HOUR_MS);
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => void this.runAll().finally(() => this.schedule(24 * HOUR_MS)), delay);
    this.timer.unref();
  }

  /** Runs every job once, now. */
  async runAll(): Promise<void> {
    for (const [name, job] of this.jobs) {
      try {
        const said = await job();
        if (said) this.logger.log(said);
      } catch (error) {
        this.logger.error(`${name} failed: ${(error as Error).message}`);
      }
    }
  }
}
