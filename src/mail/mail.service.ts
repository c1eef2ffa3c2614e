import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { BackgroundTasks } from '../common/background-tasks.js';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Waits before each new try of a message the SMTP server did not take: about nine minutes in all. */
export const MAIL_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000];

/**
 * Sends e-mail over SMTP (SMTP_URL). Without SMTP, as on `npm start` in development, each message is
 * written as an .eml file to the outbox folder and its path logged, so nothing is lost and it can be read.
 * Requests queue their messages (`queue`): the answer goes first and the message is sent afterwards, tried
 * again while the SMTP server refuses it, within this process (the Redis queue of several instances is the
 * platform's to add).
 */
@Injectable()
export class MailService {
  private readonly transport: Transporter;
  private readonly outbox: string | null;
  private readonly logger = new Logger(MailService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tasks: BackgroundTasks,
  ) {
    this.outbox = config.mail.smtpUrl ? null : resolve(config.mail.outboxDir);
    this.transport = config.mail.smtpUrl
      ? nodemailer.createTransport(config.mail.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Sends the message after the answer, trying again on failure; never throws at the caller. */
  queue(message: MailMessage): void {
    this.tasks.run(`e-mail para ${message.to}`, () => this.sendWithRetries(message));
  }

  private async sendWithRetries(message: MailMessage): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.send(message);
        return;
      } catch (error) {
        if (attempt >= MAIL_RETRY_DELAYS_MS.length) throw error;
        this.logger.warn(
          `E-mail to ${message.to} not sent (${error instanceof Error ? error.message : String(error)}); trying again in ${MAIL_RETRY_DELAYS_MS[attempt] / 1000} s`,
        );
        await sleep(MAIL_RETRY_DELAYS_MS[attempt], undefined, { ref: false });
      }
    }
  }

  async send(message: MailMessage): Promise<void> {
    const info = (await this.transport.sendMail({ from: this.config.mail.from, ...message })) as { message?: Buffer; messageId?: string };
    if (!this.outbox) {
      this.logger.log(`E-mail sent to ${message.to}: ${message.subject} (${info.messageId ?? 'no id'})`);
      return;
    }
    await mkdir(this.outbox, { recursive: true });
    const file = join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
    await writeFile(file, info.message ?? '');
    this.logger.log(`E-mail to ${message.to} written to the outbox (no SMTP_URL): ${file}`);
  }
}
