import { generateCnpj } from '@brazilian-utils/brazilian-utils/generate-cnpj';
import request from 'supertest';
import { bearer, type AdminSession } from './admin-session.js';
import type { TestApp } from './test-app.js';

/** Londrina - PR (IBGE), Maringá - PR and Sorriso - MT: cities every test database has. */
export const LONDRINA = 4113700;
export const MARINGA = 4115200;
export const SORRISO = 5107925;

const used = new Set<string>();

/** A valid CNPJ no other test of this run has used. */
export function freshCnpj(version: 1 | 2 = 1): string {
  for (;;) {
    const cnpj = generateCnpj(version);
    if (!used.has(cnpj) && !/^(.)\1+$/.test(cnpj)) {
      used.add(cnpj);
      return cnpj;
    }
  }
}

/** A complete company as the form sends it; `overrides` replace any field. */
export function enterpriseBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    razao: 'Terra Vermelha Máquinas Agrícolas LTDA',
    fantasia: 'Terra Vermelha Máquinas',
    cnpj: freshCnpj(),
    inscricao_estadual: '9012345678',
    endereco: 'Rodovia PR-445',
    numero: '1520',
    complemento: 'Galpão 2',
    bairro: 'Parque Industrial',
    cep: '86070-000',
    city_id: LONDRINA,
    fone: '(43) 3325-1000',
    email: 'contato@terravermelha.com.br',
    site: 'https://www.terravermelha.com.br',
    logo: 'john-deere.svg',
    representada_logo: 'john-deere.svg',
    ...overrides,
  };
}

/** Creates a company over HTTP and returns what the API answered. */
export async function createEnterprise(sut: TestApp, session: AdminSession, overrides: Record<string, unknown> = {}) {
  const res = await request(sut.server).post('/api/admin/enterprises').set(bearer(session)).send(enterpriseBody(overrides));
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Record<string, unknown> & { enterprise_id: number; cnpj: string; fantasia: string };
}
