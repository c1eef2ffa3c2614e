import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { standaloneAccessServices } from './standalone-services.js';

export const DEV_ADMIN = { username: 'admin', password: 'agromaq2025', name: 'Administrador', role: 'master' as const };
export const DEV_IPS = ['127.0.0.1', '::1'];

/**
 * Development only: a master admin who can log in from this machine (127.0.0.1 and ::1, sharing one TOTP
 * secret so one authenticator entry serves both). Returns the lines that tell how to log in.
 */
export async function seedDevAdmin(dataSource: DataSource, config: AppConfig): Promise<string[]> {
  const { auth, ips } = standaloneAccessServices(dataSource, config);
  const lines = [`Admin login (development): ${DEV_ADMIN.username} / ${DEV_ADMIN.password}`];
  if (!(await auth.findAdminByUsername(DEV_ADMIN.username))) await auth.createAdmin(DEV_ADMIN);

  let secret: string | null = null;
  for (const address of DEV_IPS) {
    const existing = await ips.findByIp(address);
    if (existing) continue;
    const created = await ips.create({ ip: address, targetRole: 'master', descricao: 'Esta máquina (desenvolvimento)' }, null, secret ?? undefined);
    secret ??= created.twofa.secret;
  }
  if (secret) lines.push(`2FA secret for ${DEV_IPS.join(' and ')}: ${secret} (add it to an authenticator app)`);
  lines.push('Current 2FA code: npm run admin:otp');
  return lines;
}
