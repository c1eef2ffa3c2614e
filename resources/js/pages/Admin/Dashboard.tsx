import { Link } from '@inertiajs/react';
import { useEffect, useState, type ReactNode } from 'react';
import { CartesianGrid, Cell, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardData } from '@shared/dashboard.views';
import { LoadError } from '../../components/ui/LoadError';
import { AdminLayout } from '../../layouts/AdminLayout';
import { api, sessionEnded } from '../../lib/api';
import { BLUES, formatShare } from '../../lib/chart-colors';
import { useLive } from '../../lib/live';

const NO_DATA = 'Sem dados para exibir';

const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

export default function Dashboard() {
  const [data, setData] = useState<DashboardData | null>(null);
  const [failed, setFailed] = useState(false);
  const [series, setSeries] = useState<'usuarios' | 'empresas'>('usuarios');
  // The cards follow the live counts (shared with the page, then moved on by each change).
  const cards = useLive().counts ?? data?.cards;

  function load() {
    setFailed(false);
    api('GET', '/admin/dashboard')
      .then(setData)
      .catch((failure: unknown) => {
        // A 401 has already ended the session and gone to the login page.
        if (!sessionEnded(failure)) setFailed(true);
      });
  }
  useEffect(load, []);

  const donutTotal = data?.usuariosPorEmpresa.reduce((sum, slice) => sum + slice.total, 0) ?? 0;
  const line = data?.cadastros[series] ?? [];
  const lineTotal = line.reduce((sum, day) => sum + day.total, 0);

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Dashboard</h1>
      <p className="mt-1 text-sm text-slate-600">Visão geral do aplicativo, das empresas e dos contatos.</p>

      {failed && <LoadError message="Erro ao carregar dados" onRetry={load} />}

      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <MetricCard label="Usuários ativos no app" value={cards?.usuariosAtivos} href="/admin/usuarios" />
        <MetricCard label="Empresas ativas" value={cards?.empresasAtivas} href="/admin/empresas" />
        <MetricCard label="Contatos pendentes" value={cards?.contatosPendentes} href="/admin/contato" />
      </div>

      <div className="mt-6 grid grid-cols-1 gap-4 xl:grid-cols-2">
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="donut-title">
          <h2 id="donut-title" className="font-semibold text-slate-900">
            Usuários por empresa
          </h2>
          {!data ? (
            <Placeholder failed={failed} />
          ) : donutTotal === 0 ? (
            <p className="py-16 text-center text-sm text-slate-500">{NO_DATA}</p>
          ) : (
            <div className="mt-2 flex flex-col items-center gap-4 sm:flex-row">
              <div
                className="h-56 w-56 shrink-0"
                role="img"
                aria-label={`Gráfico de rosca: ${data.usuariosPorEmpresa.map((slice) => `${slice.name} ${slice.total}`).join(', ')}`}
              >
                <ResponsiveContainer width="100%" height="100%">
                  <PieChart>
                    <Pie
                      data={data.usuariosPorEmpresa}
                      dataKey="total"
                      nameKey="name"
                      innerRadius="58%"
                      outerRadius="95%"
                      paddingAngle={1}
                      isAnimationActive={false}
                    >
                      {data.usuariosPorEmpresa.map((slice, index) => (
                        <Cell key={slice.name} fill={BLUES[index % BLUES.length]} />
                      ))}
                    </Pie>
                    <Tooltip
                      // A company's name may be one long word: the tooltip wraps it within the phone's width.
                      wrapperStyle={{ maxWidth: 240 }}
                      contentStyle={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
                      formatter={(value, name) => [
                        `${Number(value).toLocaleString('pt-BR')} usuário(s) · ${formatShare(Number(value), donutTotal)}`,
                        String(name),
                      ]}
                    />
                  </PieChart>
                </ResponsiveContainer>
              </div>
              <ul className="w-full min-w-0 space-y-1.5 text-sm">
                {data.usuariosPorEmpresa.map((slice, index) => (
                  <li key={slice.name} className="flex items-center gap-2">
                    <span className="h-3 w-3 shrink-0 rounded-sm" style={{ background: BLUES[index % BLUES.length] }} aria-hidden="true" />
                    <span className="min-w-0 flex-1 truncate text-slate-700" title={slice.name}>
                      {slice.name}
                    </span>
                    <span className="font-semibold text-slate-900 tabular-nums">{slice.total}</span>
                    <span className="w-12 text-right text-xs text-slate-500 tabular-nums">{formatShare(slice.total, donutTotal)}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>

        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="line-title">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="line-title" className="font-semibold text-slate-900">
              Cadastros nos últimos 30 dias
            </h2>
            <div className="flex rounded-lg border border-slate-300 p-0.5" role="group" aria-label="Série do gráfico">
              {(['usuarios', 'empresas'] as const).map((key) => (
                <button
                  key={key}
                  type="button"
                  aria-pressed={series === key}
                  onClick={() => setSeries(key)}
                  className={`rounded-md px-3 py-1 text-sm font-semibold ${series === key ? 'bg-brand-800 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
                >
                  {key === 'usuarios' ? 'Usuários' : 'Empresas'}
                </button>
              ))}
            </div>
          </div>
          {!data ? (
            <Placeholder failed={failed} />
          ) : lineTotal === 0 ? (
            <p className="py-16 text-center text-sm text-slate-500">{NO_DATA}</p>
          ) : (
            <div
              className="mt-4 h-64"
              role="img"
              aria-label={`Gráfico de linha: ${lineTotal} cadastro(s) de ${series === 'usuarios' ? 'usuários' : 'empresas'} em 30 dias`}
              data-series={series}
              data-total={lineTotal}
            >
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={line} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
                  <CartesianGrid stroke="#e2e8f0" vertical={false} />
                  <XAxis dataKey="date" tickFormatter={dayLabel} tick={{ fontSize: 12, fill: '#64748b' }} interval="preserveStartEnd" minTickGap={16} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#64748b' }} />
                  <Tooltip
                    labelFormatter={(label) => (typeof label === 'string' ? dayLabel(label) : label)}
                    formatter={(value) => [value, series === 'usuarios' ? 'Usuários' : 'Empresas']}
                  />
                  <Line type="monotone" dataKey="total" stroke="#1f6fb2" strokeWidth={2.5} dot={false} isAnimationActive={false} />
                </LineChart>
              </ResponsiveContainer>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function MetricCard({ label, value, href }: { label: string; value: number | undefined; href: string }) {
  return (
    <Link href={href} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">{value === undefined ? '—' : value.toLocaleString('pt-BR')}</p>
    </Link>
  );
}

/** While loading, a skeleton; after a failure, a quiet note (the banner above says what failed and retries). */
function Placeholder({ failed }: { failed: boolean }) {
  return failed ? (
    <p className="py-16 text-center text-sm text-slate-400">Gráfico indisponível.</p>
  ) : (
    <div className="mt-4 h-56 animate-pulse rounded-xl bg-slate-100" aria-label="Carregando" />
  );
}

Dashboard.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
