import { router, usePage } from '@inertiajs/react';
import { RefreshCw, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ACTIONS_CELL, CardList, EmptyList, ListTable } from '../../components/admin/ListLayout';
import { Button } from '../../components/ui/Button';
import { IconButton } from '../../components/ui/IconButton';
import { LoadError } from '../../components/ui/LoadError';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useToast } from '../../components/ui/Toast';
import { Breakable } from '../../components/ui/Breakable';
import { AdminLayout } from '../../layouts/AdminLayout';
import { AddIpModal } from '../../components/admin/AddIpModal';
import { api, failureMessage, sessionEnded } from '../../lib/api';
import { accessSummary } from '../../lib/list-format';
import { endSession } from '../../lib/session';
import type { SharedProps } from '../../types';
import type { AuthorizedIpRow } from '@shared/ip.views';

/** The location spinner stays at least this long, so a fast answer does not flicker. */
const MIN_SPINNER_MS = 1200;
const ROLE_LABELS = { master: 'Master', gestor: 'Gestor' } as const;

function waitAtLeast<T>(promise: Promise<T>, started: number): Promise<T> {
  const remaining = MIN_SPINNER_MS - (Date.now() - started);
  const delay = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, remaining)));
  return promise.then(
    async (value) => {
      await delay();
      return value;
    },
    async (error: unknown) => {
      await delay();
      throw error;
    },
  );
}

export default function Ips() {
  const { ips } = usePage<SharedProps & { ips: AuthorizedIpRow[] }>().props;
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AuthorizedIpRow | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [refreshing, setRefreshing] = useState<Set<number>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  const reload = () =>
    router.reload({
      only: ['ips'],
      onSuccess: () => setLoadError(null),
      onError: () => setLoadError('Erro ao carregar IPs'),
      onHttpException: () => {
        setLoadError('Erro ao carregar IPs');
        return false;
      },
      onNetworkError: () => {
        setLoadError('Erro ao carregar IPs');
        return false;
      },
    });

  async function refreshOne(ip: AuthorizedIpRow) {
    setRefreshing((current) => new Set(current).add(ip.id));
    try {
      const result = await waitAtLeast(api('POST', `/admin/ips-autorizados/${ip.id}/refresh-location`), Date.now());
      if (result.skipped) toast('info', 'IP privado/localhost não possui geolocalização pública.');
      else toast('success', 'Localização atualizada!');
      reload();
    } catch (error) {
      if (!sessionEnded(error)) toast('error', 'Não foi possível atualizar a localização agora');
    } finally {
      setRefreshing((current) => {
        const next = new Set(current);
        next.delete(ip.id);
        return next;
      });
    }
  }

  async function refreshAll() {
    if (!ips.some((ip) => !ip.privado)) {
      toast('info', 'Nenhum IP público encontrado para atualizar.');
      return;
    }
    setBulkBusy(true);
    try {
      // One call: the server looks every address up in its own database.
      const { atualizados: ok, falharam: failed } = await waitAtLeast(api('POST', '/admin/ips-autorizados/refresh-location'), Date.now());
      if (ok === 0) toast('error', 'Falha ao atualizar localizações.');
      else if (failed === 0) toast('success', `${ok} localizações atualizadas com sucesso!`);
      else toast('info', `${ok} atualizadas, ${failed} falharam.`);
      reload();
    } catch (error) {
      if (!sessionEnded(error)) toast('error', 'Erro ao atualizar localizações em lote.');
    } finally {
      setBulkBusy(false);
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    setRemoveBusy(true);
    try {
      const answer = await api('DELETE', `/admin/ips-autorizados/${removing.id}`);
      setRemoving(null);
      // The address in use: this session ended with it, as the dialog said.
      if (answer.sessaoEncerrada) return endSession('IP_REVOKED');
      toast('success', 'IP removido com sucesso!');
      reload();
    } catch (error) {
      if (!sessionEnded(error)) toast('error', failureMessage(error, 'Erro ao remover IP'));
    } finally {
      setRemoveBusy(false);
    }
  }

  const refreshButton = (ip: AuthorizedIpRow) => (
    <IconButton
      label={`Atualizar localização de ${ip.ip}`}
      title={ip.privado ? 'IP privado/localhost não possui geolocalização pública.' : 'Atualizar localização'}
      icon={RefreshCw}
      onClick={() => refreshOne(ip)}
      disabled={ip.privado || refreshing.has(ip.id)}
      spinning={refreshing.has(ip.id)}
    />
  );
  const inUse = (ip: AuthorizedIpRow) =>
    ip.em_uso && (
      <>
        {' '}
        <span className="ml-1 rounded bg-brand-100 px-1.5 py-0.5 font-sans text-xs font-semibold text-brand-900">Em uso</span>
      </>
    );
  const removeButton = (ip: AuthorizedIpRow) => <IconButton label={`Remover ${ip.ip}`} icon={Trash2} tone="danger" onClick={() => setRemoving(ip)} />;
  const status = (ip: AuthorizedIpRow) => (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${ip.online ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-600'}`}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${ip.online ? 'bg-brand-600' : 'bg-slate-400'}`} aria-hidden="true" />
      {ip.online ? 'Online' : 'Offline'}
    </span>
  );

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">IP de Acesso</h1>
          <p className="mt-1 text-sm text-slate-600">{accessSummary(ips)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={refreshAll} disabled={bulkBusy || ips.length === 0}>
            {bulkBusy ? 'Atualizando...' : 'Atualizar localizações'}
          </Button>
          <Button onClick={() => setAdding(true)}>Adicionar IP</Button>
        </div>
      </div>

      {loadError && <LoadError message={loadError} onRetry={reload} />}

      {ips.length === 0 ? (
        <EmptyList>Nenhum IP cadastrado</EmptyList>
      ) : (
        <>
          <ListTable columns={['IP', 'Administrador', 'Descrição', 'Local', 'Status']}>
            {ips.map((ip) => (
              <tr key={ip.id} className="group hover:bg-slate-50">
                <td className="px-4 py-3 font-mono text-slate-900">
                  <Breakable text={ip.ip} />
                  {inUse(ip)}
                </td>
                <td className="px-4 py-3">{ROLE_LABELS[ip.role]}</td>
                <td className="px-4 py-3 text-slate-600">{ip.descricao ? <Breakable text={ip.descricao} /> : '—'}</td>
                <td className="px-4 py-3 text-slate-600">{ip.local || '—'}</td>
                <td className="px-4 py-3">{status(ip)}</td>
                <td className={ACTIONS_CELL}>
                  <div className="flex justify-end gap-1">
                    {refreshButton(ip)}
                    {removeButton(ip)}
                  </div>
                </td>
              </tr>
            ))}
          </ListTable>
          <CardList>
            {ips.map((ip) => (
              <li key={ip.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-mono font-semibold break-all text-slate-900">
                      {ip.ip}
                      {inUse(ip)}
                    </p>
                    <p className="text-sm text-slate-600">{ROLE_LABELS[ip.role]}</p>
                  </div>
                  {status(ip)}
                </div>
                {ip.descricao && <p className="mt-2 text-sm [overflow-wrap:anywhere] text-slate-700">{ip.descricao}</p>}
                <p className="mt-1 mb-3 text-sm text-slate-500">{ip.local || 'Local não identificado'}</p>
                <div className="mt-auto flex justify-end gap-1 border-t border-slate-100 pt-2">
                  {refreshButton(ip)}
                  {removeButton(ip)}
                </div>
              </li>
            ))}
          </CardList>
        </>
      )}

      <p className="mt-6 text-xs text-slate-600">
        Localização aproximada:{' '}
        <a href="https://db-ip.com" className="underline hover:text-slate-800" target="_blank" rel="noreferrer">
          IP Geolocation by DB-IP
        </a>
      </p>

      <AddIpModal open={adding} onClose={() => setAdding(false)} onAdded={reload} />
      <ConfirmDialog
        open={removing !== null}
        title={removing?.em_uso ? 'Remover o IP em uso' : undefined}
        message={
          removing?.em_uso
            ? `${removing.ip} é o endereço que você está usando agora. Se removê-lo, você será desconectado e só poderá entrar de novo a partir de outro IP autorizado.`
            : 'Tem certeza que deseja remover este IP?'
        }
        confirmLabel={removing?.em_uso ? 'Remover e sair' : 'Remover'}
        danger
        busy={removeBusy}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

Ips.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
