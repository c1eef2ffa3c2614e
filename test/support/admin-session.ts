import { generate } from 'otplib';
import request from 'supertest';
import type { AdminRole } from '../../src/auth/admin-role.js';
import { TeamService } from '../../src/team/team.service.js';
import { IpsService } from '../../src/ips/ips.service.js';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './test-app.js';

let counter = 0;

/** A fresh public-looking test address (TEST-NET-3) per call, sent as X-Forwarded-For (TRUST_PROXY=loopback in tests). */
export function nextTestIp(): string {
  counter += 1;
  return `203.0.${113 + Math.floor(counter / 250)}.${(counter % 250) + 1}`;
}

/** The TOTP code of a secret for the current time step (or a neighbouring one). */
export function totpCode(secret: string, stepOffset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
}

export interface AdminFixture {
  username: string;
  password: string;
  role: AdminRole;
  ip: string;
  secret: string;
}

/** An admin and an authorized IP of the same role, built through the services as the CLI does. */
export async function createAdminFixture(sut: TestApp, role: AdminRole = 'master', ip = nextTestIp()): Promise<AdminFixture> {
  counter += 1;
  const username = `${role}${counter}`;
  const password = `senha-forte-${counter}`;
  await sut.app.get(TeamService).create({ username, password, role, nome: `${role === 'master' ? 'Maria' : 'Gustavo'} ${counter}` }, null);
  const existing = await sut.app.get(IpsService).findByIp(ip);
  const secret = existing
    ? (await sut.app.get(IpsService).twoFactorSetup(existing)).secret
    : (await sut.app.get(IpsService).create({ ip, targetRole: role, descricao: 'Teste' }, null)).twofa.secret;
  return { username, password, role, ip, secret };
}

export interface AdminSession extends AdminFixture {
  token: string;
  cookie: string;
}

/** Logs in over HTTP exactly as the back office does and returns the token and session cookie. */
export async function loginAs(sut: TestApp, role: AdminRole = 'master', ip?: string): Promise<AdminSession> {
  const fixture = await createAdminFixture(sut, role, ip);
  const res = await request(sut.server)
    .post('/api/admin/login')
    .set('X-Forwarded-For', fixture.ip)
    .send({ username: fixture.username, password: fixture.password, otp: await totpCode(fixture.secret) });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = (res.headers['set-cookie'] as unknown as string[]).find((value) => /^(__Host-)?agromaq_admin=/.test(value))!.split(';')[0];
  return { ...fixture, token: res.body.token, cookie };
}

/** Headers of an API call from the admin's IP with its Bearer token. */
export function bearer(session: AdminSession): Record<string, string> {
  return { Authorization: `Bearer ${session.token}`, 'X-Forwarded-For': session.ip };
}

/**
 * Starts the app on its own database for a test file, logs an admin of `role` in, and closes it all after
 * the file; the returned object reads them once started. `env` (read at start) adds variables of its own.
 */
export function useAdminApp(
  role: AdminRole = 'gestor',
  env: () => Record<string, string> = () => ({}),
): { readonly sut: TestApp; readonly admin: AdminSession } {
  let sut: TestApp | undefined;
  let admin: AdminSession | undefined;
  beforeAll(async () => {
    sut = await startTestApp(env());
    admin = await loginAs(sut, role);
  });
  afterAll(async () => {
    await sut?.close();
  });
  return {
    get sut() {
      if (!sut) throw new Error('the test app is not started');
      return sut;
    },
    get admin() {
      if (!admin) throw new Error('the admin is not logged in');
      return admin;
    },
  };
}
