import { router } from '@inertiajs/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { IDLE_WARNING_MINUTES, type SessionRules } from '@shared/session.views';
import { api, failureMessage, sessionEnded } from '../../lib/api';
import { AUTOMATIC, lastActivity, markActivity, onStepUpRequest, stepUpPrompt, type StepUpRequest } from '../../lib/session-guard';
import { Button } from '../ui/Button';
import { TextField } from '../ui/fields';
import { Modal } from '../ui/Modal';

/** How often the idle clock is looked at. */
const TICK_MS = 1_000;
/** How long after an unanswered question about the session's end it is asked again. */
const RETRY_MS = 15_000;

/** "m:ss" of a remaining time. */
function clock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The session's two timing rules in the back office (issue "Session security"): IDLE_WARNING_MINUTES before an
 * idle session ends, "Sua sessão vai expirar por inatividade" with "Continuar conectado"; at the end, the server
 * is asked (an automatic call, which keeps nothing open) and a session it ended goes to the login page, the
 * page's half-filled forms kept. And the "Confirme sua identidade" dialog a sensitive action opens.
 */
export function SessionWatch({ rules }: { rules: SessionRules }) {
  return (
    <>
      <IdleWarning rules={rules} />
      <StepUpDialog minutes={rules.confirmacaoMinutos} />
    </>
  );
}

function IdleWarning({ rules }: { rules: SessionRules }) {
  const idleMs = rules.inatividadeMinutos * 60_000;
  const warnMs = Math.min(IDLE_WARNING_MINUTES * 60_000, idleMs / 2);
  const [remaining, setRemaining] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  /** No new question to the server before this instant: one in flight, or one that could not be answered. */
  const askAfter = useRef(0);

  // Page visits are the person's activity too (API calls mark it themselves).
  useEffect(() => {
    markActivity();
    return router.on('start', () => markActivity());
  }, []);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const left = lastActivity() + idleMs - Date.now();
      setRemaining(left <= warnMs ? left : null);
      if (left > 0 || Date.now() < askAfter.current) return;
      // The time is up here: the server decides (another tab of this session may have been used meanwhile). A
      // question left unanswered (the phone offline) is asked again after RETRY_MS, not every second.
      askAfter.current = Infinity;
      api('GET', '/admin/sessao', undefined, AUTOMATIC).then(
        (state) => {
          markActivity(Date.parse(state.inativaEm) - idleMs);
          askAfter.current = 0;
        },
        () => {
          askAfter.current = Date.now() + RETRY_MS;
        },
      );
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [idleMs, warnMs]);

  async function stay() {
    setBusy(true);
    try {
      await api('GET', '/admin/sessao');
      setRemaining(null);
    } catch {
      // A session already ended goes to the login page by itself.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={remaining !== null}
      title="Sua sessão vai expirar por inatividade"
      footer={
        <Button type="button" onClick={stay} disabled={busy}>
          {busy ? 'Continuando...' : 'Continuar conectado'}
        </Button>
      }
    >
      <p className="text-sm text-slate-700">
        Por segurança, o painel encerra a sessão após {rules.inatividadeMinutos} {rules.inatividadeMinutos === 1 ? 'minuto' : 'minutos'} sem uso.
      </p>
      <p className="mt-3 text-sm text-slate-700" role="timer" aria-live="off">
        Tempo restante: <strong className="tabular-nums">{clock(remaining ?? 0)}</strong>
      </p>
      <p className="mt-3 text-sm text-slate-600">O que você estiver preenchendo nesta página será guardado neste navegador até você entrar de novo.</p>
    </Modal>
  );
}

/** "Confirme sua identidade": asked by the sensitive actions that answered STEP_UP_REQUIRED, all at once. */
function StepUpDialog({ minutes }: { minutes: number }) {
  const [request, setRequest] = useState<StepUpRequest | null>(null);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const open = useRef(false);

  useEffect(() => {
    onStepUpRequest((next) => {
      // A new request starts with an empty field; another action joining an open one keeps what is typed.
      if (!open.current) {
        setOtp('');
        setError(undefined);
      }
      open.current = true;
      setRequest(next);
    });
    return () => onStepUpRequest(null);
  }, []);

  function finish(confirmed: boolean) {
    open.current = false;
    request?.done(confirmed);
    setRequest(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(otp.trim())) return setError('Informe os 6 dígitos do código 2FA.');
    setBusy(true);
    setError(undefined);
    try {
      await api('POST', '/admin/confirmar-identidade', { otp: otp.trim() });
      finish(true);
    } catch (failure) {
      if (sessionEnded(failure)) return finish(false);
      setError(failureMessage(failure, 'Não foi possível confirmar o código. Tente novamente.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={request !== null}
      title="Confirme sua identidade"
      onClose={() => finish(false)}
      busy={busy}
      size="sm"
      initialFocus="#confirmar-otp"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={() => finish(false)} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form="confirmar-identidade" disabled={busy}>
            {busy ? 'Confirmando...' : 'Confirmar'}
          </Button>
        </>
      }
    >
      <form id="confirmar-identidade" onSubmit={submit} noValidate>
        <p id="confirmar-identidade-pedido" className="mb-4 text-sm text-slate-700">
          {stepUpPrompt(request?.actions ?? [], minutes)}
        </p>
        <TextField
          id="confirmar-otp"
          label="Código 2FA"
          value={otp}
          onChange={setOtp}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
          mask={(value) => value.replace(/\D/g, '')}
          controlClassName="tracking-[0.4em]"
        />
      </form>
    </Modal>
  );
}
