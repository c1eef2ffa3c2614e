import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ContactsService } from '../contacts/contacts.service.js';
import { EnterprisesService } from '../enterprises/enterprises.service.js';
import type { CommittedRecord } from '../history/history.service.js';
import { HistoryService } from '../history/history.service.js';
import type { ChangeContext } from '../history/change-context.js';
import type { LiveCounts as Counts, LiveResource, RecordChangedEvent } from '../shared/live.views.js';
import { AppUsersService } from '../users/app-users.service.js';
import { LiveEvents } from './live-events.js';

/** Changes close together send one `contadores`: at most one per this long per instance. */
const COUNTS_EVERY_MS = 300;

/**
 * Turns every committed change of a versioned record (HistoryService.watchCommits: forms, the API, bulk runs,
 * restores, the site's and the app's writes alike) into live events: `registro.alterado` per resource with the
 * records and their new versions (masters only for the team), and `contadores` with the figures the sidebar and
 * the dashboard show, read from the kept counts.
 */
@Injectable()
export class LiveCounts implements OnModuleInit, OnApplicationShutdown {
  private countsTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly events: LiveEvents,
    private readonly history: HistoryService,
    private readonly users: AppUsersService,
    private readonly enterprises: EnterprisesService,
    private readonly contacts: ContactsService,
  ) {}

  onModuleInit(): void {
    this.history.watchCommits((records, context) => void this.committed(records, context));
  }

  onApplicationShutdown(): void {
    clearTimeout(this.countsTimer);
  }

  /** The figures now. */
  async read(): Promise<Counts> {
    const [contatosPendentes, usuariosAtivos, empresasAtivas] = await Promise.all([
      this.contacts.countPending(),
      this.users.countActive(),
      this.enterprises.countActive(),
    ]);
    return { contatosPendentes, usuariosAtivos, empresasAtivas };
  }

  private async committed(records: CommittedRecord[], context: ChangeContext): Promise<void> {
    const byResource = new Map<LiveResource, RecordChangedEvent['registros']>();
    for (const record of records) {
      const list = byResource.get(record.resource) ?? [];
      list.push({ id: record.id, versao: record.version, operacao: record.operation });
      byResource.set(record.resource, list);
    }
    const por = context.actorId !== null ? { id: context.actorId, nome: context.actorName ?? '' } : null;
    await this.events.raiseAll(
      [...byResource].map(([recurso, registros]) => ({
        name: 'registro.alterado' as const,
        data: { recurso, registros, por, origem: context.source } satisfies RecordChangedEvent,
        audience: recurso === 'admin' ? { papel: 'master' as const } : {},
      })),
    );
    if ([...byResource.keys()].some((resource) => resource !== 'admin')) this.countsSoon();
  }

  private countsSoon(): void {
    if (this.countsTimer) return;
    this.countsTimer = setTimeout(() => {
      this.countsTimer = undefined;
      void this.read().then(
        (counts) => this.events.raise('contadores', counts),
        () => undefined,
      );
    }, COUNTS_EVERY_MS);
    this.countsTimer.unref();
  }
}
