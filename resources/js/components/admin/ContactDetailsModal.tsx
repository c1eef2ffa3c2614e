import { useState } from 'react';
import { formatPhone } from '@shared/br';
import type { ContactView } from '@shared/contact.views';
import { api, sessionEnded } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useColleagueChange } from '../../lib/use-edit-conflict';
import { Button } from '../ui/Button';
import { DetailItem as Item } from '../ui/DetailItem';
import { EmailText } from '../ui/EmailText';
import { CHANNELS, whatsappReply } from './ContactActions';
import { LiveChangeBanner } from './ConflictPanel';
import { RecordDetailsModal } from './RecordDetailsModal';

/**
 * A contact message in full, its history, and what is left to do with it: mark it answered, or delete it once
 * answered. A colleague who answers or deletes it meanwhile is said at once, and "Ver alterações" shows it.
 */
export function ContactDetailsModal({
  contact,
  appName,
  onClose,
  onAnswer,
  onDelete,
  onRefreshed,
}: {
  contact: ContactView;
  appName: string;
  onClose: () => void;
  onAnswer: (contact: ContactView) => void;
  onDelete: (contact: ContactView) => void;
  /** The contact as it is now (a colleague's change, or a restore from its history): shown, and the list reloads. */
  onRefreshed: (contact: ContactView) => void;
}) {
  const [colleague, setColleague] = useColleagueChange({ recurso: 'contato', id: contact.id, path: `/admin/contatos/${contact.id}` }, contact.version);
  const [colleagueError, setColleagueError] = useState<string | null>(null);
  async function showColleagueChange() {
    setColleagueError(null);
    try {
      const fresh = await api('GET', `/admin/contatos/${contact.id}`);
      onRefreshed(fresh.data);
      setColleague(null);
    } catch (failure) {
      if (!sessionEnded(failure)) setColleagueError('Não foi possível carregar as alterações.');
    }
  }

  return (
    <RecordDetailsModal<ContactView>
      title="Detalhes do Contato"
      onClose={onClose}
      actions={
        contact.status === 'respondido' ? (
          <Button variant="danger" onClick={() => onDelete(contact)}>
            Excluir
          </Button>
        ) : (
          <Button onClick={() => onAnswer(contact)}>Marcar como respondido</Button>
        )
      }
      banner={
        <div className="mb-4 empty:hidden">
          <LiveChangeBanner edit={{ remote: colleague, preview: showColleagueChange, previewError: colleagueError }} />
        </div>
      }
      history={{ path: 'contatos', id: contact.id, version: contact.version, onRestored: onRefreshed }}
    >
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Item label="Nome">{contact.nome}</Item>
        <Item label="Recebido em">{formatDateTime(contact.created_at)}</Item>
        <Item label="Email">
          <a href={`mailto:${contact.email}`} className="text-brand-700 hover:underline">
            <EmailText email={contact.email} />
          </a>
        </Item>
        <Item label="Telefone">
          <a href={whatsappReply(appName, contact)} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
            {formatPhone(contact.telefone)} (WhatsApp)
          </a>
        </Item>
        {contact.status === 'respondido' && (
          <>
            <Item label="Canal">{contact.response_channel ? CHANNELS[contact.response_channel] : '—'}</Item>
            <Item label="Respondido em">{formatDateTime(contact.responded_at)}</Item>
            {contact.responded_by_nome && <Item label="Respondido por">{contact.responded_by_nome}</Item>}
          </>
        )}
      </dl>
      <div className="mt-4">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Mensagem</p>
        <p className="mt-1 rounded-xl bg-slate-50 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-800">{contact.mensagem}</p>
      </div>
    </RecordDetailsModal>
  );
}
