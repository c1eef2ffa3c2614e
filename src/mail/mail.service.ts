import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import nodemailer, { type Transporter } from 'nodemailer';
import { BackgroundTasks } from '../common/background-tasks.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { AppMetrics } from '../metrics/app-metrics.js';
import { isTracing } from '../tracing/trace-context.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A message on its way: it keeps the Message-ID it was given when queued on every try. SMTP cannot promise one
 * delivery: when the connection breaks after the server took a message but before its "250" arrives, the sender
 * cannot tell and must send again. The copy then carries the same Message-ID, which is how mail systems know it
 * for the same message (RFC 5322, 3.6.4). The queue's job id is the same identifier, so adding a message twice (a
 * command sent again when Redis comes back) makes one job.
 */
interface OutgoingMail extends MailMessage {
  /** Absent on a job queued before identifiers were given: nodemailer then makes one per try. */
  messageId?: string;
}

/** Waits before each new try of a message the SMTP server did not take: about nine minutes in all. */
export const MAIL_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000];

/** The queue's name in Redis (under REDIS_KEY_PREFIX). */
export const MAIL_QUEUE = 'mail';

/** How many messages one instance sends at once from the shared queue. */
const QUEUE_CONCURRENCY = 4;

/** How long a stop waits for the mail queue to close. */
const SHUTDOWN_MAIL_MS = 3_000;

/** A message that failed every try stays in the queue's failed set this long, to be looked at or retried. */
const FAILED_KEPT_SECONDS = 7 * 24 * 3600;

/** How long a message waits between tries: the n-th retry waits MAIL_RETRY_DELAYS_MS[n - 1]. */
export function retryDelay(attemptsMade: number): number {
  return MAIL_RETRY_DELAYS_MS[Math.min(Math.max(attemptsMade, 1), MAIL_RETRY_DELAYS_MS.length) - 1];
}

/**
 * Sends e-mail over SMTP (SMTP_URL). Without SMTP, as on `npm start` in development, each message is
 * written as an .eml file to the outbox folder and its path logged, so nothing is lost and it can be read.
 *
 * Requests hand their messages to `queue`: the answer goes first, and the message is sent afterwards, tried
 * again while the SMTP server refuses it.
 * - With REDIS_URL the message goes into a BullMQ queue in Redis that every instance works on: it survives
 *   the instance that accepted it (a restart, a crash, a deploy), each message is sent by one instance, and
 *   the retries wait in Redis, not in a process.
 * - Without it, one process: the message is sent and retried within this process.
 */
@Injectable()
export class MailService implements OnModuleInit, OnApplicationShutdown {
  private readonly transport: Transporter;
  private readonly outbox: string | null;
  private readonly logger = new Logger(MailService.name);
  private shared: { queue: Queue<OutgoingMail>; worker: Worker<OutgoingMail>; connections: Redis[] } | null = null;
  /** The right-hand side of every Message-ID: the site's host name. */
  private readonly messageDomain: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tasks: BackgroundTasks,
    @Optional() private readonly metrics: AppMetrics | null = null,
  ) {
    this.outbox = config.mail.smtpUrl ? null : resolve(config.mail.outboxDir);
    this.messageDomain = new URL(config.appUrl).hostname;
    this.transport = config.mail.smtpUrl
      ? nodemailer.createTransport(config.mail.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** With REDIS_URL, opens the shared queue and starts working on it (BullMQ is loaded only then). */
  async onModuleInit(): Promise<void> {
    if (this.config.redis.url) this.shared = await this.openQueue(this.config.redis.url, this.config.redis.keyPrefix);
  }

  /** Sends the message after the answer, trying again on failure; never throws at the caller. */
  queue(mail: MailMessage): void {
    const id = randomUUID();
    const message: OutgoingMail = { ...mail, messageId: `<${id}@${this.messageDomain}>` };
    const shared = this.shared;
    if (!shared) {
      this.tasks.run(`e-mail para ${message.to}`, () => this.sendWithRetries(message));
      return;
    }
    // Added after the answer too, so a request takes the same time whether or not it sends an e-mail. If
    // Redis refuses the message, this process sends it itself rather than lose it (should Redis have kept it after
    // all, its answer lost, the queue's copy goes out with the same Message-ID).
    this.tasks.run(`e-mail para ${message.to}`, async () => {
      try {
        await shared.queue.add('send', message, { jobId: id });
      } catch (error) {
        this.logger.warn(`E-mail to ${message.to} not queued in Redis (${describe(error)}); sending it from this instance`);
        await this.sendWithRetries(message);
      }
    });
  }

  /** E-mails waiting in the shared queue (null without REDIS_URL: each instance sends its own at once). */
  async waiting(): Promise<number | null> {
    if (!this.shared) return null;
    const counts = await this.shared.queue.getJobCounts('waiting', 'delayed', 'active');
    return (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.active ?? 0);
  }

  async send(message: OutgoingMail): Promise<void> {
    const info = (await this.transport.sendMail({ from: this.config.mail.from, ...message })) as { message?: Buffer; messageId?: string };
    if (!this.outbox) {
      this.logger.log(`E-mail sent to ${message.to}: ${message.subject} (${info.messageId ?? 'no id'})`);
      return;
    }
    await mkdir(this.outbox, { recursive: true });
    const file = join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
    // Written under another name then renamed, so whoever reads the folder never sees half a message.
    await writeFile(`${file}.part`, info.message ?? '');
    await rename(`${file}.part`, file);
    this.logger.log(`E-mail to ${message.to} written to the outbox (no SMTP_URL): ${file}`);
  }

  /** Stops taking messages from the queue (a message being sent is finished first), then closes Redis. */
  async onApplicationShutdown(): Promise<void> {
    const shared = this.shared;
    if (!shared) return;
    this.shared = null;
    // Messages still being added after an answer go into the queue before it closes. With Redis away the queue
    // cannot close cleanly (BullMQ waits for it): the stop goes on after SHUTDOWN_MAIL_MS, and a message being
    // sent is left to the queue's retry, once Redis is back.
    const closed = (async () => {
      await this.tasks.drain();
      await shared.worker.close();
      await shared.queue.close();
      return true;
    })();
    const timeout = sleep(SHUTDOWN_MAIL_MS, false, { ref: false });
    if (!(await Promise.race([closed, timeout])))
      this.logger.warn(`The mail queue did not close within ${SHUTDOWN_MAIL_MS / 1000} s (Redis away?); stopping anyway`);
    for (const connection of shared.connections) connection.disconnect();
  }

  private async sendWithRetries(message: OutgoingMail): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.send(message);
        return;
      } catch (error) {
        this.metrics?.mailErrors.inc();
        if (attempt >= MAIL_RETRY_DELAYS_MS.length) {
          this.metrics?.mailFailed.inc();
          throw error;
        }
        this.logger.warn(`E-mail to ${message.to} not sent (${describe(error)}); trying again in ${retryDelay(attempt + 1) / 1000} s`);
        await sleep(retryDelay(attempt + 1), undefined, { ref: false });
      }
    }
  }

  private async openQueue(url: string, keyPrefix: string) {
    const [{ Queue, Worker }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
    // With tracing on, each message's trace goes from the request that queued it to the instance that sends it.
    const telemetry = isTracing() ? new (await import('bullmq-otel')).BullMQOtel({ tracerName: 'agromaq-mail' }) : undefined;
    // BullMQ wants its own prefix option rather than ioredis' keyPrefix, and a worker's blocking connection
    // must retry commands for ever (maxRetriesPerRequest: null).
    const prefix = `${keyPrefix}bull`;
    const queueConnection = new Redis(url, { maxRetriesPerRequest: 2 });
    const workerConnection = new Redis(url, { maxRetriesPerRequest: null });
    for (const connection of [queueConnection, workerConnection]) {
      connection.on('error', (error: Error) => this.logger.warn(`Redis (mail queue): ${error.message}`));
    }
    const queue = new Queue<OutgoingMail>(MAIL_QUEUE, {
      connection: queueConnection,
      prefix,
      telemetry,
      defaultJobOptions: {
        attempts: MAIL_RETRY_DELAYS_MS.length + 1,
        backoff: { type: 'mail' },
        // A sent message leaves Redis at once (it holds a link that opens the account); a failed one is kept
        // a week for the team to look at.
        removeOnComplete: true,
        removeOnFail: { age: FAILED_KEPT_SECONDS },
      },
    });
    const worker = new Worker<OutgoingMail>(MAIL_QUEUE, async (job) => this.send(job.data), {
      connection: workerConnection,
      prefix,
      telemetry,
      concurrency: QUEUE_CONCURRENCY,
      settings: { backoffStrategy: (attemptsMade: number) => retryDelay(attemptsMade) },
    });
    worker.on('failed', (job, error) => {
      if (!job) return;
      const last = job.attemptsMade >= (job.opts.attempts ?? 1);
      this.metrics?.mailErrors.inc();
      if (last) this.metrics?.mailFailed.inc();
      const next = last ? 'given up; kept in the failed set' : `trying again in ${retryDelay(job.attemptsMade) / 1000} s`;
      this.logger.warn(`E-mail to ${job.data.to} not sent (${error.message}); ${next}`);
    });
    worker.on('error', (error) => this.logger.warn(`Mail queue worker: ${error.message}`));
    // Redis away: said once per reconnection attempt by the clients above, not as an unhandled error.
    queue.on('error', () => undefined);
    return { queue, worker, connections: [queueConnection, workerConnection] };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
