import { useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '@shared/ip.views';
import { FormActions, SelectField, TextField } from '../ui/fields';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { useToast } from '../ui/Toast';
import { api, failureMessage } from '../../lib/api';
import { useApiForm } from '../../lib/use-api-form';

const NEW_IP = { targetRole: '' as '' | 'master' | 'gestor', ip: '', descricao: '' };

/**
 * Authorizes a new address for a role: the address (or "Meu IP"), a description, then its authenticator's QR code and
 * secret, shown once.
 */
export function AddIpModal({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: () => void }) {
  const toast = useToast();
  const form = useApiForm(NEW_IP);
  const [lookingUp, setLookingUp] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [showSecret, setShowSecret] = useState(false);
  const saving = form.processing;
  const errors = form.errors as Record<string, string | undefined>;

  function reset() {
    // Not form.reset(): after a successful save the form's defaults are the values just sent.
    form.setData(NEW_IP);
    form.clearErrors();
    setSetup(null);
    setShowSecret(false);
  }

  function finish() {
    reset();
    onClose();
  }

  async function myIp() {
    setLookingUp(true);
    try {
      const { ip: address, privado } = await api('GET', '/admin/meu-ip');
      form.setData('ip', address);
      // A loopback or private-network address is what the server sees, but it is not a public IP.
      if (privado) toast('info', `Seu IP nesta conexão é ${address}, um endereço local (loopback ou rede interna), não um IP público.`);
      else toast('success', `Seu IP público é ${address}`);
    } catch (error) {
      toast('error', `Não foi possível obter seu IP público agora. ${failureMessage(error, 'Tente novamente.')}`);
    } finally {
      setLookingUp(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: { targetRole?: string; ip?: string } = {};
    if (!form.data.targetRole) found.targetRole = 'Selecione o administrador: Master ou Gestor.';
    if (!form.data.ip.trim()) found.ip = 'Informe o IP.';
    form.clearErrors();
    const targetRole = form.data.targetRole;
    if (Object.keys(found).length > 0 || !targetRole) {
      form.setError(found);
      return;
    }
    try {
      const result = await form.send('post', '/admin/ips-autorizados', {
        body: (data) => ({ ip: data.ip.trim(), targetRole, ...(data.descricao.trim() ? { descricao: data.descricao.trim() } : {}) }),
      });
      toast('success', 'IP adicionado com sucesso!');
      setSetup(result.twofa);
      onAdded();
    } catch (error) {
      toast('error', failureMessage(error, 'Erro ao adicionar IP'));
    }
  }

  return (
    <Modal
      open={open}
      title={setup ? 'Configurar 2FA' : 'Adicionar IP'}
      onClose={
        setup
          ? finish
          : () => {
              reset();
              onClose();
            }
      }
      busy={saving}
    >
      {setup ? (
        <div className="text-center">
          <p className="text-sm text-slate-600">Escaneie o QR code com o aplicativo autenticador de quem vai acessar a partir deste IP.</p>
          <p className="mt-2 text-sm text-slate-600">
            O código que o aplicativo mostra é o código 2FA do login, com o usuário e a senha. Este QR code não é mostrado de novo: entregue-o agora a quem vai
            entrar deste IP.
          </p>
          <img src={setup.qr_data_url} alt="QR code do 2FA" className="mx-auto mt-4 h-56 w-56" />
          <button
            type="button"
            onClick={() => setShowSecret((shown) => !shown)}
            className="mt-3 text-sm font-medium text-brand-700 hover:text-brand-900"
            aria-expanded={showSecret}
          >
            {showSecret ? 'Ocultar chave manual' : 'Não consegue escanear? Ver chave manual'}
          </button>
          {showSecret && <p className="mt-2 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-800">{setup.secret}</p>}
          <div className="mt-5">
            <Button onClick={finish} className="w-full sm:w-auto">
              Concluir
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <SelectField
            id="ip-role"
            label="Papel dos administradores deste IP"
            value={form.data.targetRole}
            onChange={(value) => form.setData('targetRole', value as typeof form.data.targetRole)}
            empty="Selecione..."
            options={[
              { value: 'master', label: 'Master' },
              { value: 'gestor', label: 'Gestor' },
            ]}
            error={errors.targetRole}
          />
          <TextField
            id="ip-address"
            label="IP"
            value={form.data.ip}
            onChange={(value) => form.setData('ip', value)}
            maxLength={45}
            placeholder="Ex.: 200.160.2.3"
            controlClassName="font-mono"
            error={errors.ip}
            beside={
              <Button variant="secondary" onClick={myIp} disabled={lookingUp} className="shrink-0">
                {lookingUp ? 'Buscando...' : 'Meu IP'}
              </Button>
            }
          />
          <TextField
            id="ip-description"
            label={
              <>
                Descrição <span className="font-normal text-slate-500">(opcional)</span>
              </>
            }
            value={form.data.descricao}
            onChange={(value) => form.setData('descricao', value)}
            maxLength={255}
            placeholder="Ex.: Escritório de Londrina"
            error={errors.descricao}
          />
          <FormActions
            onCancel={() => {
              reset();
              onClose();
            }}
            saving={saving}
          />
        </form>
      )}
    </Modal>
  );
}
