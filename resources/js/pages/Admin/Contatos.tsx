import { usePage } from '@inertiajs/react';
import { Check, Mail, MessageCircle, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { formatPhone } from '@shared/br';
import type { ContactCounts, ContactPage, ContactView } from '@shared/contact.views';
import { FilterButtons } from '../../components/admin/ListControls';
import { ExportMenu } from '../../components/admin/ExportMenu';
import { ListBody } from '../../components/admin/ListLayout';
import { ResourceRows, type ResourceColumn } from '../../components/admin/ResourceRows';
import { listSort, SortSelect } from '../../components/admin/ListSort';
import { Button } from '../../components/ui/Button';
import { EmailText } from '../../components/ui/EmailText';
import { IconButton, IconLink } from '../../components/ui/IconButton';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Modal } from '../../components/ui/Modal';
import { HistoryTab, RecordTabs } from '../../components/admin/HistoryTab';
import { useToast } from '../../components/ui/Toast';
import { AdminLayout } from '../../layouts/AdminLayout';
import { api, sessionEnded } from '../../lib/api';
import { useListVisit } from '../../lib/use-list-visit';
import { useOpenedDetails } from '../../lib/use-opened-details';
import { useColleagueChange } from '../../lib/use-edit-conflict';
import { LiveChangeBanner } from '../../components/admin/ConflictPanel';
import { formatDateTime } from '../../lib/dates';
import { truncate } from '../../lib/list-format';
import { contactReplyMessage, internationalPhone, whatsappLink } from '../../lib/whatsapp';
import type { SharedProps } from '../../types';
import { RadioGroupField } from '../../components/ui/fields';
import { DetailItem as Item } from '../../components/ui/DetailItem';

type Status = 'pendente' | 'respondido';
interface Filters extends Record<string, string | number> {
  status: Status;
  page: number;
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

const TABS: { key: Status; label: string }[] = [
  { key: 'pendente', label: 'Pendentes' },
  { key: 'respondido', label: 'Respondidos' },
];
const CHANNELS = { whatsapp: 'WhatsApp', email: 'E-mail' } as const;

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

/** The list's columns on a tab (the answered one adds the channel and says when it was answered). */
function columnsOf(answered: boolean): ResourceColumn<ContactView>[] {
  return [
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
    ...(answered
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
  ];
}

export default function Contatos() {
  const { filters, contacts, counts, appName, opened } = usePage<Props>().props;
  const toast = useToast();
  const [details, setDetails] = useOpenedDetails(opened);
  // A colleague who answers or deletes the open message meanwhile: said at once, and "Ver alterações" shows it now.
  const [colleague, setColleague] = useColleagueChange(
    details ? { recurso: 'contato', id: details.id, path: `/admin/contatos/${details.id}` } : undefined,
    details?.version,
  );
  const [colleagueError, setColleagueError] = useState<string | null>(null);
  async function showColleagueChange() {
    if (!details) return;
    setColleagueError(null);
    try {
      const fresh = await api('GET', `/admin/contatos/${details.id}`);
      setDetails(fresh.data);
      setColleague(null);
      reload();
    } catch (failure) {
      if (!sessionEnded(failure)) setColleagueError('Não foi possível carregar as alterações.');
    }
  }
  const [answering, setAnswering] = useState<ContactView | null>(null);
  const [deleting, setDeleting] = useState<ContactView | null>(null);
  const [busy, setBusy] = useState(false);

  const list = useListVisit<Filters>('/admin/contato', ['filters', 'contacts', 'counts'], { page: 1 });
  const { visit } = list;
  const reload = () => visit(filters);

  async function markAnswered(canal: 'whatsapp' | 'email') {
    if (!answering) return;
    setBusy(true);
    try {
      await api('PATCH', `/admin/contatos/${answering.id}/respondido`, { canal });
      toast('success', 'Contato marcado como respondido!');
      setAnswering(null);
      setDetails(null);
      reload();
    } catch (failure) {
      if (!sessionEnded(failure)) toast('error', 'Erro ao marcar respondido. Tente novamente.');
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api('DELETE', `/admin/contatos/${deleting.id}`);
      toast('success', 'Contato excluído!');
      setDeleting(null);
      setDetails(null);
      reload();
    } catch (failure) {
      if (!sessionEnded(failure)) toast('error', 'Erro ao processar. Tente novamente.');
    } finally {
      setBusy(false);
    }
  }

  const answered = filters.status === 'respondido';
  // The one sort of the tabs: the date each shows (received, or answered), newest first by default.
  const sort = listSort(filters, [{ key: 'data', label: answered ? 'Respondido em' : 'Recebido em', first: 'desc' }], 'data', (order) =>
    visit({ ...filters, ...order, page: 1 }),
  );
  const actions = (contact: ContactView) => (
    <div className="ml-auto flex justify-end gap-1" onClick={(event) => event.stopPropagation()}>
      <IconLink
        href={whatsappLink(internationalPhone(contact.telefone), contactReplyMessage(appName, contact.nome))}
        external
        label={`Responder ${contact.nome} pelo WhatsApp`}
        title="Responder pelo WhatsApp"
        icon={MessageCircle}
        tone="brand"
      />
      <IconLink
        href={`mailto:${contact.email}?subject=${encodeURIComponent(`Contato pelo site ${appName}`)}`}
        label={`Responder ${contact.nome} por e-mail`}
        title="Responder por e-mail"
        icon={Mail}
      />
      {answered ? (
        <IconButton label={`Excluir contato de ${contact.nome}`} title="Excluir" icon={Trash2} tone="danger" onClick={() => setDeleting(contact)} />
      ) : (
        <IconButton
          label={`Marcar contato de ${contact.nome} como respondido`}
          title="Marcar como respondido"
          icon={Check}
          tone="brand"
          onClick={() => setAnswering(contact)}
        />
      )}
    </div>
  );

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Contatos</h1>
          <p className="mt-1 text-sm text-slate-600">Mensagens enviadas pelo formulário do site.</p>
        </div>
        <ExportMenu path="/admin/contatos" query={filters} />
      </div>

      <div className="mt-6">
        <FilterButtons
          label="Filtrar contatos"
          options={TABS}
          value={filters.status}
          counts={counts}
          onChange={(status) => visit({ ...filters, status, page: 1 })}
        />
      </div>

      <SortSelect sort={sort} id="ordem-contatos" />

      <ListBody
        list={list}
        rows={contacts}
        page={filters.page}
        errorMessage="Erro ao carregar contatos"
        emptyText={answered ? 'Nenhum contato respondido.' : 'Nenhum contato pendente.'}
        onRetry={reload}
        onPage={(page) => visit({ ...filters, page }, { toListTop: true })}
      >
        <ResourceRows
          rows={contacts.data}
          columns={columnsOf(answered)}
          idOf={(contact) => contact.id}
          nameOf={(contact) => contact.nome}
          onOpen={setDetails}
          actions={actions}
          sort={sort}
        />
      </ListBody>

      {details && (
        <Modal
          open
          title="Detalhes do Contato"
          onClose={() => setDetails(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDetails(null)}>
                Fechar
              </Button>
              {details.status === 'respondido' ? (
                <Button variant="danger" onClick={() => setDeleting(details)}>
                  Excluir
                </Button>
              ) : (
                <Button onClick={() => setAnswering(details)}>Marcar como respondido</Button>
              )}
            </>
          }
        >
          <div className="mb-4 empty:hidden">
            <LiveChangeBanner edit={{ remote: colleague, preview: showColleagueChange, previewError: colleagueError }} />
          </div>
          <RecordTabs
            details={
              <>
                <dl className="grid gap-3 text-sm sm:grid-cols-2">
                  <Item label="Nome">{details.nome}</Item>
                  <Item label="Recebido em">{formatDateTime(details.created_at)}</Item>
                  <Item label="Email">
                    <a href={`mailto:${details.email}`} className="text-brand-700 hover:underline">
                      <EmailText email={details.email} />
                    </a>
                  </Item>
                  <Item label="Telefone">
                    <a
                      href={whatsappLink(internationalPhone(details.telefone), contactReplyMessage(appName, details.nome))}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-brand-700 hover:underline"
                    >
                      {formatPhone(details.telefone)} (WhatsApp)
                    </a>
                  </Item>
                  {details.status === 'respondido' && (
                    <>
                      <Item label="Canal">{details.response_channel ? CHANNELS[details.response_channel] : '—'}</Item>
                      <Item label="Respondido em">{formatDateTime(details.responded_at)}</Item>
                      {details.responded_by_nome && <Item label="Respondido por">{details.responded_by_nome}</Item>}
                    </>
                  )}
                </dl>
                <div className="mt-4">
                  <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Mensagem</p>
                  <p className="mt-1 rounded-xl bg-slate-50 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-800">{details.mensagem}</p>
                </div>
              </>
            }
            history={
              <HistoryTab<ContactView>
                path="contatos"
                id={details.id}
                version={details.version}
                onRestored={(restored) => {
                  setDetails(restored);
                  reload();
                }}
              />
            }
          />
        </Modal>
      )}

      <AnswerModal contact={answering} busy={busy} onCancel={() => setAnswering(null)} onConfirm={markAnswered} />
      <ConfirmDialog
        open={deleting !== null}
        message="Deseja excluir este contato?"
        confirmLabel="Excluir"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

/**
 * 'Por onde você respondeu?': WhatsApp or E-mail. Each contact starts with no channel chosen and Confirmar
 * waits for a choice, so a quick click never records the channel of the previous contact.
 */
function AnswerModal({
  contact,
  busy,
  onCancel,
  onConfirm,
}: {
  contact: ContactView | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (canal: 'whatsapp' | 'email') => void;
}) {
  const [canal, setCanal] = useState<'whatsapp' | 'email' | null>(null);
  useEffect(() => setCanal(null), [contact?.id]);
  return (
    <ConfirmDialog
      open={contact !== null}
      title="Por onde você respondeu?"
      busy={busy}
      busyLabel="Salvando..."
      confirmDisabled={canal === null}
      onConfirm={() => canal && onConfirm(canal)}
      onCancel={onCancel}
    >
      <RadioGroupField
        name="canal"
        legend="Canal da resposta"
        legendHidden
        cards
        value={canal}
        onChange={setCanal}
        options={(['whatsapp', 'email'] as const).map((option) => ({ value: option, label: CHANNELS[option] }))}
      />
    </ConfirmDialog>
  );
}

function ChannelBadge({ channel }: { channel: 'whatsapp' | 'email' }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${channel === 'whatsapp' ? 'bg-brand-100 text-brand-800' : 'bg-sky-100 text-sky-800'}`}
    >
      {CHANNELS[channel]}
    </span>
  );
}

Contatos.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
