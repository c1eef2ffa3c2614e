import { ExportFormatField } from '../common/export/export-response.js';
import type { ExportColumn, ExportFormat } from '../common/export/table-file.js';
import { formatPhone } from '../shared/br/index.js';
import type { ContactView } from '../shared/contact.views.js';
import { ListContactsQuery } from './dto/list-contacts.query.js';

/** The contacts tab, and the file's format. */
export class ExportContactsQuery extends ListContactsQuery {
  @ExportFormatField()
  formato?: ExportFormat;
}

const CHANNELS = { whatsapp: 'WhatsApp', email: 'E-mail' } as const;

export const CONTACT_COLUMNS: ExportColumn<ContactView>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Nome', value: (row) => row.nome },
  { header: 'Email', value: (row) => row.email },
  { header: 'Telefone', value: (row) => formatPhone(row.telefone) },
  { header: 'Mensagem', value: (row) => row.mensagem },
  { header: 'Status', value: (row) => (row.status === 'pendente' ? 'Pendente' : 'Respondido') },
  { header: 'Respondido por', value: (row) => row.responded_by_nome },
  { header: 'Canal da resposta', value: (row) => (row.response_channel ? CHANNELS[row.response_channel] : null) },
  { header: 'Respondido em', value: (row) => (row.responded_at ? { instant: new Date(row.responded_at) } : null) },
  { header: 'Enviado em', value: (row) => ({ instant: new Date(row.created_at) }) },
];
