import { Injectable, Logger } from '@nestjs/common';
import { newContactTitle, type NewContactEvent, type TaskEvent } from '../shared/live.views.js';
import { LiveEvents } from './live-events.js';
import { NotificationsService } from './notifications.service.js';

/**
 * What modules tell the team: each notice goes to the bell of the admins who may see it (in the database) and
 * out as a live event. The bell's rows are written first, so a tab that reads its bell on the event finds them.
 * A notice never fails the request that raised it: what it reports is already saved.
 */
@Injectable()
export class LiveNotices {
  private readonly logger = new Logger(LiveNotices.name);

  constructor(
    private readonly events: LiveEvents,
    private readonly notifications: NotificationsService,
  ) {}

  /** A message from the site or the app: every active admin's bell, and `contato.novo`. */
  async newContact(contact: NewContactEvent): Promise<void> {
    await this.safely('contato.novo', () => this.notifications.toTeam('contato.novo', newContactTitle(contact.nome), `/admin/contato?abrir=${contact.id}`));
    await this.events.raise('contato.novo', contact);
  }

  /** A step of an admin's task (a bulk chunk, an import batch): to that admin's tabs. */
  async taskProgress(adminId: number, task: TaskEvent): Promise<void> {
    await this.events.raise('tarefa.progresso', task, { admin: adminId });
  }

  /** An admin's task ended: the admin's bell (with `resumo`) and `tarefa.concluida` to their tabs. */
  async taskFinished(adminId: number, task: TaskEvent, link: string | null): Promise<void> {
    if (task.resumo) await this.safely('tarefa.concluida', () => this.notifications.toAdmin(adminId, 'tarefa.concluida', task.resumo!, link));
    await this.events.raise('tarefa.concluida', task, { admin: adminId });
  }

  private async safely(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.warn(`Notification not kept (${what}): ${(error as Error).message}`);
    }
  }
}
