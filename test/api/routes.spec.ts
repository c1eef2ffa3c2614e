import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/app.module.js';
import { registeredRoutes } from '../support/route-table.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;

beforeAll(async () => {
  sut = await startTestApp();
});

afterAll(async () => {
  await sut?.close();
});

/** Every route with who may call it, as one line each. */
const routeTable = () =>
  registeredRoutes(sut)
    .map((route) => `${route.method} ${route.path} → ${route.access}`)
    .sort();

describe('access to every route', () => {
  // A change here is a change of who may call what: review it as such.
  it('is admin-only unless marked public, and master-only where the spec says', () => {
    expect(routeTable()).toEqual([
      'DELETE /api/admin/admins/:id/sessoes → master',
      'DELETE /api/admin/admins/:id/sessoes/:sessaoId → master',
      'DELETE /api/admin/contatos/:id → admin',
      'DELETE /api/admin/enterprises/:id/cobranca → admin',
      'DELETE /api/admin/importacoes/:id → admin',
      'DELETE /api/admin/ips-autorizados/:id → master',
      'DELETE /api/admin/me/sessoes/outras → admin',
      'GET / → public',
      'GET /admin → admin',
      'GET /admin/auditoria → master',
      'GET /admin/contato → admin',
      'GET /admin/convite → public',
      'GET /admin/dashboard → admin',
      'GET /admin/empresas → admin',
      'GET /admin/equipe → master',
      'GET /admin/ips → master',
      'GET /admin/login → public',
      'GET /admin/perfil → admin',
      'GET /admin/usuarios → admin',
      'GET /ajuda → public',
      'GET /api/admin/admins → master',
      'GET /api/admin/admins/:id → master',
      'GET /api/admin/admins/:id/alteracoes → master',
      'GET /api/admin/admins/:id/historico → master',
      'GET /api/admin/admins/:id/historico/:entradaId/restaurar → master',
      'GET /api/admin/admins/:id/historico/:entradaId/voltar → master',
      'GET /api/admin/admins/:id/sessoes → master',
      'GET /api/admin/auditoria → master',
      'GET /api/admin/busca → admin',
      'GET /api/admin/cargos → admin',
      'GET /api/admin/cities → admin',
      'GET /api/admin/contadores → admin',
      'GET /api/admin/contatos → admin',
      'GET /api/admin/contatos/:id → admin',
      'GET /api/admin/contatos/:id/alteracoes → admin',
      'GET /api/admin/contatos/:id/historico → admin',
      'GET /api/admin/contatos/:id/historico/:entradaId/restaurar → admin',
      'GET /api/admin/contatos/:id/historico/:entradaId/voltar → admin',
      'GET /api/admin/contatos/contador → admin',
      'GET /api/admin/contatos/exportar → admin',
      'GET /api/admin/dashboard → admin',
      'GET /api/admin/enterprises → admin',
      'GET /api/admin/enterprises/:id → admin',
      'GET /api/admin/enterprises/:id/alteracoes → admin',
      'GET /api/admin/enterprises/:id/cobranca → admin',
      'GET /api/admin/enterprises/:id/historico → admin',
      'GET /api/admin/enterprises/:id/historico/:entradaId/restaurar → admin',
      'GET /api/admin/enterprises/:id/historico/:entradaId/voltar → admin',
      'GET /api/admin/enterprises/:id/users → admin',
      'GET /api/admin/enterprises/contador/ativos → admin',
      'GET /api/admin/enterprises/exportar → admin',
      'GET /api/admin/eventos → admin',
      'GET /api/admin/importacoes/:id → admin',
      'GET /api/admin/importacoes/:id/falhas → admin',
      'GET /api/admin/importacoes/atual → admin',
      'GET /api/admin/importacoes/modelo → admin',
      'GET /api/admin/ips-autorizados → master',
      'GET /api/admin/logos → admin',
      'GET /api/admin/me → admin',
      'GET /api/admin/me/atividade → admin',
      'GET /api/admin/me/sessoes → admin',
      'GET /api/admin/meu-ip → master',
      'GET /api/admin/notificacoes → admin',
      'GET /api/admin/ocupacoes → admin',
      'GET /api/admin/sessao → admin',
      'GET /api/admin/users → admin',
      'GET /api/admin/users/:id → admin',
      'GET /api/admin/users/:id/alteracoes → admin',
      'GET /api/admin/users/:id/dados-pessoais → admin',
      'GET /api/admin/users/:id/historico → admin',
      'GET /api/admin/users/:id/historico/:entradaId/restaurar → admin',
      'GET /api/admin/users/:id/historico/:entradaId/voltar → admin',
      'GET /api/admin/users/contador/ativos → admin',
      'GET /api/admin/users/exportar → admin',
      'GET /api/docs → public',
      'GET /api/docs.json → public',
      'GET /api/docs/:arquivo → public',
      'GET /api/health → public',
      'GET /api/health/live → public',
      'GET /api/health/ready → public',
      'GET /aplicativo → public',
      'GET /contato → public',
      'GET /excluir-conta → public',
      'GET /excluir-conta/confirmar → public',
      'GET /juda → public',
      'GET /politicasdeprivacidade.html → public',
      'GET /redefinir-senha → public',
      'GET /robots.txt → public',
      'GET /sitemap.xml → public',
      'GET /sobre-nos → public',
      'GET /termos-e-politicas → public',
      'PATCH /api/admin/admins/:id → master',
      'PATCH /api/admin/contatos/:id/respondido → admin',
      'PATCH /api/admin/enterprises/:id/status → admin',
      'PATCH /api/admin/me → admin',
      'PATCH /api/admin/users/:id/status → admin',
      'POST /api/admin/admins → master',
      'POST /api/admin/admins/:id/historico/:entradaId/restaurar → master',
      'POST /api/admin/admins/:id/historico/:entradaId/voltar → master',
      'POST /api/admin/admins/:id/link-senha → master',
      'POST /api/admin/confirmar-identidade → admin',
      'POST /api/admin/contatos/:id/historico/:entradaId/restaurar → admin',
      'POST /api/admin/contatos/:id/historico/:entradaId/voltar → admin',
      'POST /api/admin/convite → public',
      'POST /api/admin/enterprises → admin',
      'POST /api/admin/enterprises/:id/historico/:entradaId/restaurar → admin',
      'POST /api/admin/enterprises/:id/historico/:entradaId/voltar → admin',
      'POST /api/admin/enterprises/status-em-lote → admin',
      'POST /api/admin/importacoes → admin',
      'POST /api/admin/importacoes/:id/iniciar → admin',
      'POST /api/admin/importacoes/:id/previa → admin',
      'POST /api/admin/ips-autorizados → master',
      'POST /api/admin/ips-autorizados/:id/refresh-location → master',
      'POST /api/admin/ips-autorizados/refresh-location → master',
      'POST /api/admin/login → public',
      'POST /api/admin/logout → public',
      'POST /api/admin/notificacoes/:id/lida → admin',
      'POST /api/admin/notificacoes/lidas → admin',
      'POST /api/admin/upload/logo → admin',
      'POST /api/admin/users/:id/historico/:entradaId/restaurar → admin',
      'POST /api/admin/users/:id/historico/:entradaId/voltar → admin',
      'POST /api/admin/users/:id/reset-password → admin',
      'POST /api/admin/users/status-em-lote → admin',
      'POST /api/contatos → public',
      'POST /api/public/usuario/esqueci-senha → public',
      'POST /api/public/usuario/excluir-conta → public',
      'POST /api/public/usuario/excluir-conta/confirmar → public',
      'POST /api/public/usuario/redefinir-senha → public',
      'PUT /api/admin/enterprises/:id → admin',
      'PUT /api/admin/enterprises/:id/cobranca → admin',
      'PUT /api/admin/me/senha → admin',
      'PUT /api/admin/users/:id → admin',
    ]);
  });

  // A change here is a change of what an open session alone may do: review it as such (issue "Session security").
  it('every write and every export of personal data is a sensitive action, or on the reviewed list of everyday work', () => {
    /** Everyday work that an open session does without a new 2FA code, each with the reason it may. */
    const everyday: Record<string, string> = {
      'POST /api/admin/confirmar-identidade': 'the confirmation itself',
      'POST /api/admin/enterprises': 'one company at a time, recorded in its history',
      'PUT /api/admin/enterprises/:id': 'one company at a time, recorded in its history',
      'PATCH /api/admin/enterprises/:id/status': 'one company at a time, recorded in its history',
      'PUT /api/admin/enterprises/:id/cobranca': 'one company at a time, recorded in its history',
      'DELETE /api/admin/enterprises/:id/cobranca': 'one company at a time, recorded in its history',
      'PUT /api/admin/users/:id': 'one user at a time, recorded in its history',
      'PATCH /api/admin/users/:id/status': 'one user at a time, recorded in its history',
      'POST /api/admin/users/:id/reset-password': 'the e-mail goes to the user’s own address',
      'PATCH /api/admin/contatos/:id/respondido': 'one contact at a time, recorded in its history',
      'DELETE /api/admin/contatos/:id': 'one contact at a time, recorded in its history',
      'POST /api/admin/importacoes': 'an upload: nothing changes before iniciar',
      'POST /api/admin/importacoes/:id/previa': 'reads the upload only',
      'DELETE /api/admin/importacoes/:id': 'cancels one’s own import',
      'POST /api/admin/upload/logo': 'a picture, no personal data',
      'POST /api/admin/notificacoes/lidas': 'one’s own notifications',
      'POST /api/admin/notificacoes/:id/lida': 'one’s own notifications',
      'PATCH /api/admin/me': 'one’s own name and e-mail',
      'DELETE /api/admin/me/sessoes/outras': 'ending one’s own other sessions',
      'PUT /api/admin/me/senha': 'asks for the current password',
      'POST /api/admin/ips-autorizados/:id/refresh-location': 'looks the address up again, changes no access',
      'POST /api/admin/ips-autorizados/refresh-location': 'looks every address up again, changes no access',
      'POST /api/admin/contatos/:id/historico/:entradaId/restaurar': 'one record at a time, recorded in its history',
      'POST /api/admin/contatos/:id/historico/:entradaId/voltar': 'one record at a time, recorded in its history',
      'POST /api/admin/enterprises/:id/historico/:entradaId/restaurar': 'one record at a time, recorded in its history',
      'POST /api/admin/enterprises/:id/historico/:entradaId/voltar': 'one record at a time, recorded in its history',
      'POST /api/admin/users/:id/historico/:entradaId/restaurar': 'one record at a time, recorded in its history',
      'POST /api/admin/users/:id/historico/:entradaId/voltar': 'one record at a time, recorded in its history',
    };
    const exports = /\/(exportar|dados-pessoais|falhas)$/;
    // What a session does: the public routes (the login, the site's forms) are no session's actions.
    const routes = registeredRoutes(sut).filter((route) => route.access !== 'public' && (route.method !== 'GET' || exports.test(route.path)));
    const unreviewed = routes.filter((route) => !route.sensitive && !everyday[`${route.method} ${route.path}`]);
    expect(
      unreviewed.map((route) => `${route.method} ${route.path}`),
      'neither @Sensitive() nor reviewed',
    ).toEqual([]);
    const stale = Object.keys(everyday).filter((key) => !routes.some((route) => `${route.method} ${route.path}` === key && !route.sensitive));
    expect(stale, 'reviewed routes that no longer exist or became sensitive').toEqual([]);
    // Each with the words that name it in its 403 and in the back office's dialog ("Para exportar os contatos, …").
    expect(
      routes
        .filter((route) => route.sensitive)
        .map((route) => `${route.method} ${route.path} → ${route.stepUpAction}`)
        .sort(),
    ).toEqual([
      'DELETE /api/admin/admins/:id/sessoes → encerrar as sessões de um colega',
      'DELETE /api/admin/admins/:id/sessoes/:sessaoId → encerrar a sessão de um colega',
      'DELETE /api/admin/ips-autorizados/:id → remover um IP autorizado',
      'GET /api/admin/contatos/exportar → exportar os contatos',
      'GET /api/admin/enterprises/exportar → exportar as empresas',
      'GET /api/admin/importacoes/:id/falhas → baixar as linhas com erro da importação',
      'GET /api/admin/users/:id/dados-pessoais → baixar a cópia dos dados pessoais do usuário',
      'GET /api/admin/users/exportar → exportar os usuários',
      'PATCH /api/admin/admins/:id → alterar os dados de um colega da equipe',
      'POST /api/admin/admins → convidar um colega para a equipe',
      'POST /api/admin/admins/:id/historico/:entradaId/restaurar → restaurar valores anteriores de um colega da equipe',
      'POST /api/admin/admins/:id/historico/:entradaId/voltar → voltar um colega da equipe a uma versão anterior',
      'POST /api/admin/admins/:id/link-senha → gerar um novo link de senha para um colega',
      'POST /api/admin/enterprises/status-em-lote → ativar ou desativar empresas em lote',
      // A bulk change like status-em-lote: one start can deactivate or rewrite thousands of records, in any mode.
      'POST /api/admin/importacoes/:id/iniciar → iniciar a importação da planilha',
      'POST /api/admin/ips-autorizados → autorizar um novo endereço IP',
      'POST /api/admin/users/status-em-lote → ativar ou desativar usuários em lote',
    ]);
  });

  // Each also takes JSON from the app's own pages only (@SameOriginJson), refused before any limit counts it.
  it('every public write is counted under rate limits from the one registry, and each named limit exists', () => {
    const registered = new Set(RATE_LIMITS.map((limit) => limit.name));
    const writes = registeredRoutes(sut).filter((route) => route.access === 'public' && route.method !== 'GET');
    expect(writes.map((route) => `${route.method} ${route.path} → ${route.limits.join(', ')}${route.sameOriginJson ? ' (same-origin JSON)' : ''}`)).toEqual([
      'POST /api/admin/convite → account-ip (same-origin JSON)',
      'POST /api/admin/login → login-ip (same-origin JSON)',
      'POST /api/admin/logout →  (same-origin JSON)',
      'POST /api/contatos → contact-ip (same-origin JSON)',
      'POST /api/public/usuario/esqueci-senha → account-ip, account-email (same-origin JSON)',
      'POST /api/public/usuario/excluir-conta → account-ip, account-email (same-origin JSON)',
      'POST /api/public/usuario/excluir-conta/confirmar → account-ip (same-origin JSON)',
      'POST /api/public/usuario/redefinir-senha → account-ip (same-origin JSON)',
    ]);
    for (const route of registeredRoutes(sut))
      for (const name of route.limits) expect(registered.has(name), `${route.method} ${route.path}: ${name}`).toBe(true);
  });
});
