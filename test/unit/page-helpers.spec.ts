import { describe, expect, it } from 'vitest';
import { loginReason, safeAdminNext } from '../../src/auth/login-redirect.js';
import { pageTitle } from '../../src/shared/page-titles.js';
import { escapeLike, toSearchText } from '../../src/common/search-text.js';

describe('page titles', () => {
  it('prefixes each known path with the product name', () => {
    expect(pageTitle('AgroMaq', '/contato')).toBe('AgroMaq | Contato');
    expect(pageTitle('AgroMaq', '/admin/ips')).toBe('AgroMaq | IP de Acesso');
    expect(pageTitle('AgroMaq', '/admin/usuarios?page=2')).toBe('AgroMaq | Usuários do App');
    expect(pageTitle('AgroMaq', '/admin/empresas/')).toBe('AgroMaq | Empresas');
  });

  it('is just the product name for a path with no title', () => {
    expect(pageTitle('AgroMaq', '/pagina-sem-titulo')).toBe('AgroMaq');
    expect(pageTitle('AgroMaq', '/redefinir-senha?token=abc')).toBe('AgroMaq | Redefinir Senha');
  });
});

describe('login next path', () => {
  it('keeps a local admin path with its query', () => {
    expect(safeAdminNext('/admin/empresas?status=inativos&page=2')).toBe('/admin/empresas?status=inativos&page=2');
    expect(safeAdminNext('/admin')).toBe('/admin');
  });

  it('drops anything that could leave the admin or the site', () => {
    for (const next of ['https://evil.example/admin', '//evil.example', '/\\evil.example', '/administrador', '/contato', '/admin/login', '/admin\\..\\x', 42]) {
      expect(safeAdminNext(next)).toBeNull();
    }
  });

  it('knows only the reasons the session handling sends', () => {
    expect(loginReason('ip_revogado')).toBe('ip_revogado');
    expect(loginReason('<script>')).toBeNull();
  });
});

describe('search text', () => {
  it('ignores accents, case and repeated spaces', () => {
    expect(toSearchText('  São   JOSÉ dos Pinhais ')).toBe('sao jose dos pinhais');
    expect(toSearchText("Itaporanga d'Ajuda")).toBe("itaporanga d'ajuda");
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a!b')).toBe('50!%!_a!!b');
  });
});
