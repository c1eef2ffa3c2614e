import { Check, Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { INVITE_TTL_HOURS, type InviteLink } from '@shared/team.views';
import { formatDateTime } from '../../lib/dates';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';

/**
 * The one-time link that sets a password (an invitation or a new password link), shown once: the server keeps
 * only its hash, so closing this dialog is the last time anyone sees it.
 */
export function PasswordLinkDialog({
  link,
  title,
  person,
  username,
  email,
  noAddressFor,
  onClose,
}: {
  link: InviteLink | null;
  title: string;
  person: string;
  username: string;
  email: string | null;
  /** The role no authorized IP serves yet, when the colleague's is one: nobody of it can log in until one is added. */
  noAddressFor?: 'master' | 'gestor' | null;
  onClose: () => void;
}) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  if (!link) return null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link!.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a denied permission): the text is selected to be copied by hand.
      field.current?.select();
    }
  }

  return (
    <Modal open title={title} size="md" onClose={onClose} footer={<Button onClick={onClose}>Concluir</Button>}>
      <div className="space-y-3 text-sm text-slate-700">
        {noAddressFor && (
          <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
            <p>
              Nenhum IP está autorizado para {noAddressFor === 'gestor' ? 'gestores' : 'masters'}:{' '}
              <strong className="[overflow-wrap:anywhere]">{person}</strong> não conseguirá entrar até que o IP de onde vai acessar seja cadastrado.
            </p>
            {/* In another tab: this dialog, and the link it shows once, stay open here. */}
            <a href="/admin/ips" target="_blank" rel="noopener" className="mt-1 inline-block font-semibold text-red-900 underline">
              Cadastrar o IP em IP de Acesso (abre em outra aba)
            </a>
          </div>
        )}
        <p>
          Envie este link para <strong className="[overflow-wrap:anywhere] text-slate-900">{person}</strong>, com o usuário{' '}
          <strong className="break-all text-slate-900">{username}</strong>. O link define a senha, vale por {INVITE_TTL_HOURS} horas (até{' '}
          {formatDateTime(link.expires_at)}) e só pode ser usado uma vez.
        </p>
        <p>
          Para entrar, {person} também precisa do código 2FA do IP de onde vai acessar: entregue o QR code desse IP, mostrado ao cadastrá-lo em IP de Acesso,
          para ser lido num aplicativo autenticador.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="link-senha" className="sr-only">
            Link de senha
          </label>
          <input
            id="link-senha"
            ref={field}
            readOnly
            value={link.url}
            onFocus={(event) => event.target.select()}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900"
          />
          <Button variant="secondary" onClick={copy}>
            {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
            {copied ? 'Copiado' : 'Copiar link'}
          </Button>
        </div>
        <p role="status" className="sr-only">
          {copied ? 'Link copiado.' : ''}
        </p>
        {email ? (
          <p>
            Enviamos o link também para <strong className="break-all text-slate-900">{email}</strong>.
          </p>
        ) : (
          <p>Sem e-mail cadastrado: este link não foi enviado por e-mail.</p>
        )}
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">Guarde-o agora: por segurança, este link não será mostrado de novo.</p>
      </div>
    </Modal>
  );
}
