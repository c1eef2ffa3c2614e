import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatCity, formatCpf, formatPhone } from '@shared/br';
import type { AppUserView } from '@shared/app-user.views';
import { downloadFile, failureMessage, sessionEnded } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/dates';
import { Button } from '../ui/Button';
import { DetailItem as Item } from '../ui/DetailItem';
import { EmailText } from '../ui/EmailText';
import { useToast } from '../ui/Toast';
import { RecordDetailsModal } from './RecordDetailsModal';

const NOT_INFORMED = 'Não informado';

/** Everything about an app user, its history, and the data subject's copy of what is kept about them. */
export function UserDetailsModal({
  user,
  onClose,
  onEdit,
  onRestored,
}: {
  user: AppUserView;
  onClose: () => void;
  onEdit: (user: AppUserView) => void;
  /** The user as a restore from its history left them. */
  onRestored: (user: AppUserView) => void;
}) {
  const toast = useToast();
  const [copying, setCopying] = useState(false);

  /** The data subject's copy (LGPD art. 19 § 3º): everything kept about the user, as a JSON file. */
  async function downloadCopy() {
    setCopying(true);
    try {
      await downloadFile(`/admin/users/${user.user_id}/dados-pessoais`, `agromaq-dados-usuario-${user.user_id}.json`);
      toast('success', 'Cópia dos dados baixada.');
    } catch (failure) {
      if (!sessionEnded(failure)) toast('error', failureMessage(failure, 'Falha ao gerar a cópia dos dados.'));
    } finally {
      setCopying(false);
    }
  }

  return (
    <RecordDetailsModal<AppUserView>
      title="Detalhes do Usuário"
      size="lg"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={downloadCopy} disabled={copying} title="Tudo o que guardamos sobre este usuário, em JSON (LGPD, art. 19)">
            <Download className="h-4 w-4" aria-hidden />
            {copying ? 'Gerando…' : 'Baixar dados (LGPD)'}
          </Button>
          <Button onClick={() => onEdit(user)}>Editar</Button>
        </>
      }
      history={{ path: 'users', id: user.user_id, version: user.version, onRestored }}
    >
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Item label="Nome">{user.firstname}</Item>
        <Item label="Sobrenome">{user.lastname}</Item>
        <Item label="Email">{user.email ? <EmailText email={user.email} /> : NOT_INFORMED}</Item>
        <Item label="Telefone">{user.fone ? formatPhone(user.fone) : NOT_INFORMED}</Item>
        <Item label="CPF">{user.cpf ? formatCpf(user.cpf) : NOT_INFORMED}</Item>
        <Item label="Empresa">{user.empresa_nome || 'Sem empresa'}</Item>
        <Item label="Cargo">{user.cargo_nome || 'Sem cargo'}</Item>
        <Item label="Ramo de Atividade">{user.ocupacao_nome || NOT_INFORMED}</Item>
        <Item label="Cidade">{formatCity(user.cidade_nome, user.cidade_uf) || NOT_INFORMED}</Item>
        <Item label="Status">{user.status === 1 ? 'Ativo' : 'Inativo'}</Item>
        <Item label="Plano Válido Até">{user.plano_valido ? formatDate(user.plano_valido) : NOT_INFORMED}</Item>
        <Item label="Device ID">{user.device_id ? <span className="font-mono text-xs break-all">{user.device_id}</span> : NOT_INFORMED}</Item>
        <Item label="Data de Cadastro">{formatDateTime(user.date_added)}</Item>
        <Item label="Última Modificação">{formatDateTime(user.date_modified)}</Item>
      </dl>
    </RecordDetailsModal>
  );
}
