import type { ContactView } from '../shared/contact.views.js';
import type { Contact } from './contact.entity.js';
import { isoTime } from '../common/iso-time.js';

/** A message as the API answers it, with the name of the admin who answered it. */
export function contactView(row: Contact, respondedByName: string | null): ContactView {
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    telefone: row.telefone,
    mensagem: row.mensagem,
    status: row.status,
    response_channel: row.responseChannel,
    responded_at: row.respondedAt ? isoTime(row.respondedAt) : null,
    responded_by: row.respondedBy,
    responded_by_nome: respondedByName,
    created_at: isoTime(row.createdAt),
    version: Number(row.version),
  };
}
