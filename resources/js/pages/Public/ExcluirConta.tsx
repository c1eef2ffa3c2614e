import { useState, type FormEvent, type ReactNode } from 'react';
import { FeatureGrid } from '../../components/public/FeatureGrid';
import { PageHero } from '../../components/public/PageHero';
import { PublicLayout } from '../../layouts/PublicLayout';

/**
 * Account deletion request. As the spec describes it for now the request is only recorded in the browser's
 * console; the real deletion flow is a separate issue.
 */
export default function ExcluirConta() {
  const [email, setEmail] = useState('');
  const [notRobot, setNotRobot] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      window.alert('Por favor, digite seu email.');
      return;
    }
    if (!notRobot) {
      window.alert('Por favor, confirme que você não é um robô.');
      return;
    }
    console.info('Pedido de exclusão de conta', { email: email.trim() });
  }

  return (
    <>
      <PageHero eyebrow="Privacidade" title="Excluir conta">
        Informe o e-mail da sua conta no aplicativo para pedir a exclusão dos seus dados.
      </PageHero>
      <section className="mx-auto max-w-xl px-4 py-14 sm:px-6">
        <form onSubmit={submit} noValidate className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <label htmlFor="email-exclusao" className="text-sm font-medium text-slate-700">
            E-mail da conta
          </label>
          <input
            id="email-exclusao"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="voce@exemplo.com.br"
            className="mt-1 block w-full rounded-xl border border-slate-300 px-4 py-3 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
          />
          <label className="mt-5 flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <input type="checkbox" checked={notRobot} onChange={(e) => setNotRobot(e.target.checked)} className="h-5 w-5 rounded accent-brand-700" />
            Não sou um robô
          </label>
          <button type="submit" className="mt-6 w-full rounded-full bg-red-600 px-6 py-3 font-semibold text-white hover:bg-red-700">
            Excluir conta
          </button>
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
