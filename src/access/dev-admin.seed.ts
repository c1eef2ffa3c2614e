import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { standaloneAccessServices } from './standalone-services.js';
import type { TeamService } from '../team/team.service.js';

export const DEV_ADMIN = { username: 'admin', password: 'agromaq2025', name: 'Administrador', role: 'master' as const };
export const DEV_IPS = ['127.0.0.1', '::1'];

/**
 * Development only: a master admin who can log in from this machine (127.0.0.1 and ::1, sharing one TOTP
 * secret so one authenticator entry serves both). Returns the lines that tell how to log in.
 */
export async function seedDevAdmin(dataSource: DataSource, config: AppConfig): Promise<string[]> {
  const { ips, team } = standaloneAccessServices(dataSource, config);
  const lines = [`Admin login (development): ${DEV_ADMIN.username} / ${DEV_ADMIN.password}`];
  // The development password predates the 12-character rule and is printed here anyway: the rule is not applied.
  if (!(await team.findByUsername(DEV_ADMIN.username))) {
    await team.create({ username: DEV_ADMIN.username, nome: DEV_ADMIN.name, role: DEV_ADMIN.role, password: DEV_ADMIN.password }, null, { policy: false });
  }

  let secret: string | null = null;
  for (const address of DEV_IPS) {
    const existing = await ips.findByIp(address);
    if (existing) continue;
    const created = await ips.create({ ip: address, targetRole: 'master', descricao: 'Esta máquina (desenvolvimento)' }, null, secret ?? undefined);
    secret ??= created.twofa.secret;
  }
  if (secret) lines.push(`2FA secret for ${DEV_IPS.join(' and ')}: ${secret} (add it to an authenticator app)`);
  lines.push('Current 2FA code: npm run admin:otp');
  await seedDemoTeam(team);
  return lines;
}

/** Colleagues for the Equipe page to show: a gestor whose invitation waits, and one who left (deactivated). */
const DEMO_TEAM = [
  { username: 'carla.menezes', nome: 'Carla Menezes', email: 'carla.menezes@agromaq.com.br', role: 'gestor' as const, ativo: true },
  { username: 'rafael.lima', nome: 'Rafael Lima', email: null, role: 'gestor' as const, ativo: false },
];

async function seedDemoTeam(team: TeamService): Promise<void> {
  for (const member of DEMO_TEAM) {
    if (await team.findByUsername(member.username)) continue;
    const { admin } = await team.create(member, null);
    if (!member.ativo) await team.update(admin.id, { ativo: false }, { adminId: 0, adminUsername: null, ip: null });
  }
}
