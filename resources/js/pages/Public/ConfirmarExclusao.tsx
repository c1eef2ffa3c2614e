import { useState, type ReactNode } from 'react';
import { AccountLinkPanel } from '../../components/public/AccountLinkPanel';
import { PageHero } from '../../components/public/PageHero';
import { PublicLayout } from '../../layouts/PublicLayout';
import { failureMessage } from '../../lib/api-error';
import { publicApi } from '../../public/api';

type LinkState = 'valid' | 'expired' | 'used' | 'invalid';

const STATE_TEXT: Record<Exclude<LinkState, 'valid'>, string> = {
  expired: 'Este link expirou. Faça um novo pedido na página Excluir Conta.',
  used: 'Este link já foi usado: a exclusão desta conta já foi confirmada.',
  invalid: 'Link inválido. Confira se copiou o endereço inteiro do e-mail ou faça um novo pedido na página Excluir Conta.',
};

/** Where the link of the account-deletion e-mail leads: one last confirmation. */
export default function ConfirmarExclusao({ token, state }: { token: string; state: LinkState }) {
  const [status, setStatus] = useState<'idle' | 'sending' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setStatus('sending');
    setError(null);
    try {
      await publicApi('/public/usuario/excluir-conta/confirmar', { token });
      setStatus('done');
    } catch (failure) {
      setStatus('idle');
      setError(failureMessage(failure, 'Não foi possível confirmar agora. Tente novamente.'));
    }
  }

  return (
    <>
      <PageHero eyebrow="Privacidade" title="Confirmar exclusão da conta" />
      <AccountLinkPanel
        problem={state !== 'valid' ? STATE_TEXT[state] : null}
        done={status === 'done' ? 'Pronto: sua conta foi excluída e seus dados pessoais foram apagados.' : null}
      >
        <p className="text-slate-700">
          Ao confirmar, sua conta no aplicativo é desativada e seus dados pessoais (nome, e-mail, telefone e CPF) são apagados. Esta ação não pode ser desfeita.
        </p>
        {error && (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <button
          type="button"
          onClick={confirm}
          disabled={status === 'sending'}
          className="mt-6 w-full rounded-full bg-red-600 px-6 py-3 font-semibold text-white hover:bg-red-700 disabled:opacity-60"
        >
          {status === 'sending' ? 'Excluindo...' : 'Confirmar exclusão'}
        </button>
      </AccountLinkPanel>
    </>
  );
}

ConfirmarExclusao.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
