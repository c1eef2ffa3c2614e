import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';

/** How long shutting down waits for work still under way (an e-mail being retried, for instance). */
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Work done after the answer has gone: started on the next turn of the event loop, so the response is
 * written first and takes the same time whatever the work finds. Failures are logged, never thrown at a
 * caller; shutting down waits a while for what is under way.
 */
@Injectable()
export class BackgroundTasks implements OnApplicationShutdown {
  private readonly pending = new Set<Promise<void>>();
  private readonly logger = new Logger(BackgroundTasks.name);

  run(name: string, work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.logger.error(`${name}: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every task under way has ended, or after `timeoutMs`. */
  async drain(timeoutMs = DRAIN_TIMEOUT_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.allSettled(this.pending), timeout]);
    clearTimeout(timer);
    if (this.pending.size > 0) this.logger.warn(`${this.pending.size} background task(s) still under way were left unfinished`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.drain();
  }
}
