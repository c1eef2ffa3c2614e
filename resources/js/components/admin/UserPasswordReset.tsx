import { useState } from 'react';
import type { AppUserView } from '@shared/app-user.views';
import { api, ApiError, sessionEnded } from '../../lib/api';
import { resetMinutes } from '../../lib/list-format';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmailText } from '../ui/EmailText';
import { Modal } from '../ui/Modal';
import { useToast } from '../ui/Toast';

/**
 * An app user's password reset e-mail: `ask` confirms the recipient first (the e-mail goes to a real person's
 * inbox), the call is sent, and a notice says where it went and for how long the link lasts. `dialogs` are
 * the confirmation and the notice, for the page to place; `sending` is the user whose e-mail is on its way.
 */
export function useUserPasswordReset(nameOf: (user: AppUserView) => string) {
  const toast = useToast();
  const [confirming, setConfirming] = useState<AppUserView | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ email: string; minutes: number } | null>(null);

  function ask(user: AppUserView) {
    if (!user.email) {
      toast('error', 'Este usuário não possui e-mail cadastrado.');
      return;
    }
    setConfirming(user);
  }

  async function send(user: AppUserView) {
    setConfirming(null);
    setSending(user.user_id);
    try {
      const result = await api('POST', `/admin/users/${user.user_id}/reset-password`);
      setNotice({ email: result.email ?? user.email, minutes: resetMinutes(result) });
    } catch (failure) {
      if (sessionEnded(failure)) return;
      toast(
        'error',
        failure instanceof ApiError && failure.code === 'USER_WITHOUT_EMAIL'
          ? 'Este usuário não possui e-mail cadastrado.'
          : 'Se o e-mail existir, enviaremos as instruções.',
      );
    } finally {
      setSending(null);
    }
  }

  const dialogs = (
    <>
      <ConfirmDialog
        open={confirming !== null}
        title="Redefinição de senha"
        message={confirming ? `Enviar para ${confirming.email} um link de redefinição de senha de ${nameOf(confirming)}?` : ''}
        confirmLabel="Enviar e-mail"
        onConfirm={() => confirming && send(confirming)}
        onCancel={() => setConfirming(null)}
      />
      <Modal
        open={notice !== null}
        title="Email de Redefinição Enviado"
        size="sm"
        onClose={() => setNotice(null)}
        footer={<Button onClick={() => setNotice(null)}>Entendi</Button>}
      >
        {notice && (
          <div className="space-y-2 text-sm text-slate-700">
            <p>
              Enviamos um link para redefinir a senha para{' '}
              <strong className="text-slate-900">
                <EmailText email={notice.email} />
              </strong>
              .
            </p>
            <p>Este link expira em {notice.minutes} minuto(s).</p>
            <p className="text-slate-500">Se o e-mail não aparecer na caixa de entrada, peça ao usuário para verificar a pasta de spam.</p>
          </div>
        )}
      </Modal>
    </>
  );
  return { ask, sending, dialogs };
}
