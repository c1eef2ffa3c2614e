import { Mail, MessageCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ContactView } from '@shared/contact.views';
import { api } from '../../lib/api';
import { useApiAction } from '../../lib/use-api-action';
import { contactReplyMessage, internationalPhone, whatsappLink } from '../../lib/whatsapp';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { IconLink } from '../ui/IconButton';
import { RadioGroupField } from '../ui/fields';

export type ContactChannel = 'whatsapp' | 'email';

/** The channels a contact is answered through. */
export const CHANNELS: Record<ContactChannel, string> = { whatsapp: 'WhatsApp', email: 'E-mail' };

/** A WhatsApp conversation with the contact's sender, the reply already written. */
export const whatsappReply = (appName: string, contact: ContactView) =>
  whatsappLink(internationalPhone(contact.telefone), contactReplyMessage(appName, contact.nome));

/** A contact's row buttons that answer it: on WhatsApp, and by e-mail with the subject written. */
export function ReplyLinks({ contact, appName }: { contact: ContactView; appName: string }) {
  return (
    <>
      <IconLink
        href={whatsappReply(appName, contact)}
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
    </>
  );
}

/**
 * What is done with a contact message: `answer` asks the channel it was answered through and marks it answered;
 * `remove` deletes an answered one, once confirmed. `dialogs` are the two dialogs, for the page to place;
 * `onDone` follows either (close the details, reload the list).
 */
export function useContactActions(onDone: () => void) {
  const [answering, setAnswering] = useState<ContactView | null>(null);
  const [deleting, setDeleting] = useState<ContactView | null>(null);
  const action = useApiAction();
  const done = () => {
    setAnswering(null);
    setDeleting(null);
    onDone();
  };
  const markAnswered = (contact: ContactView, canal: ContactChannel) =>
    action.run(
      () => api('PATCH', `/admin/contatos/${contact.id}/respondido`, { canal }),
      { done: 'Contato marcado como respondido!', failed: 'Erro ao marcar respondido. Tente novamente.' },
      done,
    );
  const remove = (contact: ContactView) =>
    action.run(() => api('DELETE', `/admin/contatos/${contact.id}`), { done: 'Contato excluído!', failed: 'Erro ao processar. Tente novamente.' }, done);

  const dialogs = (
    <>
      <AnswerModal
        contact={answering}
        busy={action.busy}
        onCancel={() => setAnswering(null)}
        onConfirm={(canal) => answering && markAnswered(answering, canal)}
      />
      <ConfirmDialog
        open={deleting !== null}
        message="Deseja excluir este contato?"
        confirmLabel="Excluir"
        danger
        busy={action.busy}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
  return { answer: setAnswering, remove: setDeleting, dialogs };
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
  onConfirm: (canal: ContactChannel) => void;
}) {
  const [canal, setCanal] = useState<ContactChannel | null>(null);
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

export function ChannelBadge({ channel }: { channel: ContactChannel }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${channel === 'whatsapp' ? 'bg-brand-100 text-brand-800' : 'bg-sky-100 text-sky-800'}`}
    >
      {CHANNELS[channel]}
    </span>
  );
}
