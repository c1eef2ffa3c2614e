import { router, usePage } from '@inertiajs/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { PASSWORD_RULES_TEXT, ROLE_LABELS, type AccountEventView, type AdminSessionView, type TeamMemberView } from '@shared/team.views';
import { AccountActivityList } from '../../components/admin/AccountActivityList';
import { SessionList } from '../../components/admin/SessionList';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmailText } from '../../components/ui/EmailText';
import { NewPasswordField, TextField } from '../../components/ui/fields';
import { useToast } from '../../components/ui/Toast';
import { AdminLayout } from '../../layouts/AdminLayout';
import { api, ApiError, failureMessage, sessionEnded } from '../../lib/api';
import { useApiForm } from '../../lib/use-api-form';
import type { SharedProps } from '../../types';

interface Props extends SharedProps {
  perfil: TeamMemberView;
  sessions: AdminSessionView[];
  atividade: AccountEventView[];
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  // A generated id: the title has spaces, and aria-labelledby reads a space-separated list of ids.
  const headingId = useId();
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Every admin's own account: name, open sessions, password and the account's recent activity. */
export default function Perfil() {
  const { perfil, sessions, atividade } = usePage<Props>().props;
  const toast = useToast();
  const reload = () => router.reload({ only: ['perfil', 'sessions', 'atividade'] });

  const name = useApiForm({ nome: perfil.nome });
  async function saveName(event: FormEvent) {
    event.preventDefault();
    if (!name.data.nome.trim()) {
      name.setError('nome', 'Informe o nome.');
      return;
    }
    try {
      await name.send('patch', '/admin/me', { body: (data) => ({ nome: data.nome.trim() }) });
      toast('success', 'Nome salvo.');
      router.reload();
    } catch (failure) {
      if (!sessionEnded(failure)) toast('error', failureMessage(failure, 'Falha ao salvar o nome.'));
    }
  }

  const [confirmOthers, setConfirmOthers] = useState(false);
  const [ending, setEnding] = useState(false);
  const others = sessions.filter((session) => !session.atual).length;
  async function endOthers() {
    setEnding(true);
    try {
      const { encerradas } = await api('DELETE', '/admin/me/sessoes/outras');
      toast('success', encerradas === 1 ? '1 sessão encerrada.' : `${encerradas} sessões encerradas.`);
      setConfirmOthers(false);
      reload();
    } catch (failure) {
      if (!sessionEnded(failure)) toast('error', failureMessage(failure, 'Não foi possível encerrar as sessões.'));
    } finally {
      setEnding(false);
    }
  }

  const password = useApiForm({ senha_atual: '', nova_senha: '', confirmacao: '' });
  async function changePassword(event: FormEvent) {
    event.preventDefault();
    password.clearErrors();
    const { senha_atual, nova_senha, confirmacao } = password.data;
    const problem = !senha_atual
      ? { senha_atual: 'Informe a senha atual.' }
      : !nova_senha
        ? { nova_senha: 'Informe a nova senha.' }
        : nova_senha !== confirmacao
          ? { confirmacao: 'As senhas não conferem.' }
          : null;
    if (problem) {
      password.setError(problem);
      return;
    }
    try {
      await password.send('put', '/admin/me/senha', { body: (data) => ({ senha_atual: data.senha_atual, nova_senha: data.nova_senha }) });
      password.reset();
      toast('success', 'Senha alterada. As outras sessões foram encerradas.');
      reload();
    } catch (failure) {
      if (!sessionEnded(failure) && !(failure instanceof ApiError && failure.errors)) toast('error', failureMessage(failure, 'Falha ao alterar a senha.'));
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Meu perfil</h1>
        <p className="mt-1 text-sm text-slate-600">Seus dados, as sessões abertas com a sua conta, a sua senha e a atividade da conta.</p>
      </div>

      <Section title="Seus dados">
        <dl className="mb-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-slate-500">Usuário</dt>
            <dd className="font-medium break-all text-slate-900">{perfil.username}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-slate-500">E-mail</dt>
            <dd className="font-medium text-slate-900">{perfil.email ? <EmailText email={perfil.email} /> : 'Não informado'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Papel</dt>
            <dd className="font-medium text-slate-900">{ROLE_LABELS[perfil.role]}</dd>
          </div>
        </dl>
        <form onSubmit={saveName} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            id="perfil-nome"
            label="Nome"
            required
            maxLength={120}
            className="min-w-0 flex-1"
            value={name.data.nome}
            onChange={(value) => name.setData('nome', value)}
            error={name.errors.nome}
          />
          <Button type="submit" disabled={name.processing}>
            {name.processing ? 'Salvando...' : 'Salvar nome'}
          </Button>
        </form>
      </Section>

      <Section title="Sessões abertas" description="Cada navegador em que você entrou e ainda não saiu.">
        <SessionList sessions={sessions} ending={null} />
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={() => setConfirmOthers(true)} disabled={others === 0}>
            Encerrar as outras sessões
          </Button>
        </div>
      </Section>

      <Section title="Alterar senha" description={`${PASSWORD_RULES_TEXT} Ao alterar, as outras sessões são encerradas.`}>
        <form onSubmit={changePassword} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="senha-atual"
            label="Senha atual"
            type="password"
            autoComplete="current-password"
            required
            className="sm:col-span-2"
            value={password.data.senha_atual}
            onChange={(value) => password.setData('senha_atual', value)}
            error={password.errors.senha_atual}
          />
          <NewPasswordField
            id="nova-senha"
            label="Nova senha"
            required
            value={password.data.nova_senha}
            onChange={(value) => password.setData('nova_senha', value)}
            error={password.errors.nova_senha}
          />
          <NewPasswordField
            id="confirmar-senha"
            label="Confirmar nova senha"
            required
            value={password.data.confirmacao}
            onChange={(value) => password.setData('confirmacao', value)}
            error={password.errors.confirmacao}
          />
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={password.processing}>
              {password.processing ? 'Alterando...' : 'Alterar senha'}
            </Button>
          </div>
        </form>
      </Section>

      <Section
        title="Atividade da conta"
        description="Os 50 eventos mais recentes, do mais novo ao mais antigo. Um login de um endereço novo, a troca de senha, sessões encerradas por outra pessoa, a mudança de papel e novos IPs autorizados também são avisados por e-mail, quando a conta tem um."
      >
        <AccountActivityList events={atividade} />
      </Section>

      <ConfirmDialog
        open={confirmOthers}
        title="Encerrar as outras sessões"
        message={`Encerrar ${others === 1 ? 'a outra sessão aberta' : `as ${others} outras sessões abertas`} com a sua conta? Esta continua aberta.`}
        confirmLabel="Encerrar"
        danger
        busy={ending}
        onConfirm={endOthers}
        onCancel={() => setConfirmOthers(false)}
      />
    </div>
  );
}

Perfil.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
