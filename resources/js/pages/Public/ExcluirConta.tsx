import { useState, type FormEvent, type ReactNode } from 'react';
import { FeatureGrid } from '../../components/public/FeatureGrid';
import { PageHero } from '../../components/public/PageHero';
import { PublicLayout } from '../../layouts/PublicLayout';
import { CheckboxField, TextField } from '../../components/ui/fields';
import { failureMessage } from '../../lib/api-error';
import { usePublicForm } from '../../public/api';

/**
 * Account deletion request: the e-mail receives a link to confirm it (the answer is the same whether or not
 * the address has an account, so nobody can learn who uses the app).
 */
export default function ExcluirConta() {
  const form = usePublicForm({ email: '' });
  const [notRobot, setNotRobot] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.data.email.trim()) {
      window.alert('Por favor, digite seu email.');
      return;
    }
    if (!notRobot) {
      window.alert('Por favor, confirme que você não é um robô.');
      return;
    }
    setError(null);
    try {
      await form.send('/public/usuario/excluir-conta', { email: form.data.email.trim() });
      setSent(true);
    } catch (failure) {
      setError(failureMessage(failure, 'Não foi possível enviar o pedido agora. Tente novamente.'));
    }
  }

  return (
    <>
      <PageHero eyebrow="Privacidade" title="Excluir conta">
        Informe o e-mail da sua conta no aplicativo para pedir a exclusão dos seus dados.
      </PageHero>
      <section className="mx-auto max-w-xl px-4 py-14 sm:px-6">
        <form onSubmit={submit} noValidate className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <TextField
            id="email-exclusao"
            label="E-mail da conta"
            tone="public"
            type="email"
            autoComplete="email"
            value={form.data.email}
            onChange={(value) => form.setData('email', value)}
            placeholder="voce@exemplo.com.br"
          />
          <CheckboxField
            id="nao-sou-robo"
            label="Não sou um robô"
            tone="public"
            checked={notRobot}
            onChange={setNotRobot}
            className="mt-5 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3"
          />
          <button
            type="submit"
            disabled={form.processing}
            className="mt-6 w-full rounded-full bg-red-600 px-6 py-3 font-semibold text-white hover:bg-red-700 disabled:opacity-60"
          >
            {form.processing ? 'Enviando...' : 'Excluir conta'}
          </button>
          {sent && (
            <p role="status" className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
              Se existir uma conta com este e-mail, enviamos um link para confirmar a exclusão. Ele vale por 30 minutos; verifique também a pasta de spam.
            </p>
          )}
          {error && (
            <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
              {error}
            </p>
          )}
        </form>
      </section>
      <section className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 className="text-center text-2xl font-bold text-brand-950">Antes de ir, veja o que o aplicativo oferece</h2>
          <FeatureGrid />
        </div>
      </section>
    </>
  );
}

ExcluirConta.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
