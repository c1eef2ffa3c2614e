import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends e-mail over SMTP (SMTP_URL). Without SMTP, as on `npm start` in development, each message is
 * written as an .eml file to the outbox folder and its path logged, so nothing is lost and it can be read.
 */
@Injectable()
export class MailService {
  private readonly transport: Transporter;
  private readonly outbox: string | null;
  private readonly logger = new Logger(MailService.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.outbox = config.mail.smtpUrl ? null : resolve(config.mail.outboxDir);
    this.transport = config.mail.smtpUrl ? nodemailer.createTransport(config.mail.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
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
