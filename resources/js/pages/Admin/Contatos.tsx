import { usePage } from '@inertiajs/react';
import { Check, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPhone } from '@shared/br';
import type { ContactCounts, ContactPage, ContactView } from '@shared/contact.views';
import { ChannelBadge, ReplyLinks, useContactActions } from '../../components/admin/ContactActions';
import { ContactDetailsModal } from '../../components/admin/ContactDetailsModal';
import { ResourceList, useResourceList, type ListFilters, type ResourceListSpec } from '../../components/admin/ResourceList';
import type { ResourceColumn } from '../../components/admin/ResourceRows';
import { EmailText } from '../../components/ui/EmailText';
import { IconButton } from '../../components/ui/IconButton';
import { AdminLayout } from '../../layouts/AdminLayout';
import { formatDateTime } from '../../lib/dates';
import { truncate } from '../../lib/list-format';
import { useOpenedDetails } from '../../lib/use-opened-details';
import type { SharedProps } from '../../types';

interface Filters extends ListFilters {
  status: 'pendente' | 'respondido';
  ordem: string;
  sentido: string;
}
interface Props extends SharedProps {
  filters: Filters;
  contacts: ContactPage;
  counts: ContactCounts;
  /** The record a link asked to open (`?abrir=<id>`). */
  opened?: ContactView | null;
}

/** The tab's date (sorted by `data`): the table's cell, and the card's note saying what it is. */
function dateColumn(label: string, date: (contact: ContactView) => string | null): ResourceColumn<ContactView> {
  return {
    label,
    sort: 'data',
    value: (contact) => formatDateTime(date(contact)),
    card: (contact) => `${label} ${formatDateTime(date(contact))}`,
    className: 'text-slate-600',
    place: 'note',
  };
}

const answeredTab = (filters: Filters) => filters.status === 'respondido';
const SPEC: ResourceListSpec<ContactView, Filters> = {
  path: '/admin/contato',
  rowsProp: 'contacts',
  live: 'contato',
  title: 'Contatos',
  description: 'Mensagens enviadas pelo formulário do site.',
  // The answered tab adds the channel and says when it was answered.
  columns: (filters) => [
    { label: 'Nome', value: (contact) => contact.nome, place: 'title' },
    { label: 'Email', value: (contact) => <EmailText email={contact.email} />, className: 'min-w-52 text-slate-600', place: 'subtitle' },
    { label: 'Telefone', value: (contact) => formatPhone(contact.telefone), className: 'whitespace-nowrap text-slate-600', place: 'subtitle' },
    {
      label: 'Mensagem',
      value: (contact) => truncate(contact.mensagem, 30),
      card: (contact) => truncate(contact.mensagem, 50),
      hint: (contact) => contact.mensagem,
      className: 'text-slate-700',
      place: 'text',
    },
    ...(answeredTab(filters)
      ? [
          {
            label: 'Canal',
            value: (contact: ContactView) => (contact.response_channel ? <ChannelBadge channel={contact.response_channel} /> : '—'),
            card: (contact: ContactView) => contact.response_channel && <ChannelBadge channel={contact.response_channel} />,
            place: 'badge' as const,
          },
          dateColumn('Respondido em', (contact) => contact.responded_at),
        ]
      : [dateColumn('Recebido em', (contact) => contact.created_at)]),
  ],
  idOf: (contact) => contact.id,
  nameOf: (contact) => contact.nome,
  tabs: {
    label: 'Filtrar contatos',
    options: [
      { key: 'pendente', label: 'Pendentes' },
      { key: 'respondido', label: 'Respondidos' },
    ],
  },
  // The one sort of the tabs: the date each shows (received, or answered), newest first by default.
  sort: {
    id: 'ordem-contatos',
    default: 'data',
    options: (filters) => [{ key: 'data', label: answeredTab(filters) ? 'Respondido em' : 'Recebido em', first: 'desc' }],
  },
  exportPath: '/admin/contatos',
  errorMessage: 'Erro ao carregar contatos',
  emptyText: (filters) => (answeredTab(filters) ? 'Nenhum contato respondido.' : 'Nenhum contato pendente.'),
};

export default function Contatos() {
  const { filters, contacts, counts, appName, opened } = usePage<Props>().props;
  const list = useResourceList(SPEC, filters);
  const [details, setDetails] = useOpenedDetails(opened);
  const handling = useContactActions(() => {
    setDetails(null);
    list.reload();
  });
  const actions = (contact: ContactView) => (
    <>
      <ReplyLinks contact={contact} appName={appName} />
      {answeredTab(filters) ? (
        <IconButton label={`Excluir contato de ${contact.nome}`} title="Excluir" icon={Trash2} tone="danger" onClick={() => handling.remove(contact)} />
      ) : (
        <IconButton
          label={`Marcar contato de ${contact.nome} como respondido`}
          title="Marcar como respondido"
          icon={Check}
          tone="brand"
          onClick={() => handling.answer(contact)}
        />
      )}
    </>
  );

  return (
    <ResourceList list={list} rows={contacts} counts={counts} onOpen={setDetails} actions={actions}>
      {details && (
        <ContactDetailsModal
          contact={details}
          appName={appName}
          onClose={() => setDetails(null)}
          onAnswer={handling.answer}
          onDelete={handling.remove}
          onRefreshed={(contact) => {
            setDetails(contact);
            list.reload();
          }}
        />
      )}
      {handling.dialogs}
    </ResourceList>
  );
}

Contatos.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
