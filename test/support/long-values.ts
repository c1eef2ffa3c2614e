import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { Admin } from '../../src/auth/admin.entity.js';
import { AuthorizedIp } from '../../src/ips/authorized-ip.entity.js';
import type { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import type { AppUser } from '../../src/users/app-user.entity.js';
import { createAppUser, createCompanyRow, createContactRow } from './row-factories.js';
import type { TestApp } from './test-app.js';

/**
 * The longest value each column accepts, in the shapes staff meet: one word with no space to break at, long
 * phrases with accents and emoji, e-mails and sites without spaces, and rows whose optional fields are empty.
 * A layout that holds these holds any real row.
 */

/** `text` repeated and cut to exactly `length` characters (emoji count as the database counts: code points). */
export function fill(text: string, length: number): string {
  const points = Array.from(text.repeat(Math.ceil(length / Array.from(text).length) + 1));
  return points.slice(0, length).join('');
}

/** One word of `length` letters, starting with `marker` so a search finds it. */
export const longWord = (marker: string, length: number) => `${marker}${fill('Agroindustrialização', length - marker.length)}`;
/** A phrase with accents and an emoji, starting with `marker`. */
export const longPhrase = (marker: string, length: number) =>
  `${marker} ${fill('Cooperativa Agroindustrial São João 🚜 ', length - marker.length - 1)}`.trimEnd();
/** An e-mail of exactly `length` characters without a space: a long local part and a long domain. */
export function longEmail(marker: string, length: number): string {
  const domain = `@${fill('cooperativa-agroindustrial-', Math.floor(length / 2) - 8)}.com.br`;
  return `${marker.toLowerCase()}.${fill('fernandesdeoliveira', length - marker.length - 1 - domain.length)}${domain}`;
}

export interface LongRows {
  marker: string;
  /** Fantasia and razão social at 150 characters, fantasia one word. */
  wordCompany: Enterprise;
  /** Long phrases with emoji, and every optional field empty. */
  phraseCompany: Enterprise;
  user: AppUser;
  /** Name and e-mail of the contact message, the team member. */
  contactName: string;
  adminName: string;
}

/**
 * Writes the longest rows of every admin list under `marker` (companies, app users, contacts, an IP, an audit
 * entry and a team member), so each list can show them by searching the marker.
 */
export async function seedLongestRows(sut: TestApp, marker: string): Promise<LongRows> {
  const wordCompany = await createCompanyRow(sut, {
    fantasia: longWord(marker, 150),
    razao: longWord(`${marker}R`, 150),
    inscricaoEstadual: fill('1234567890', 14),
    endereco: longWord('Rua', 150),
    numero: fill('1234567890', 20),
    complemento: longWord('Sala', 100),
    bairro: longWord('Jardim', 100),
    cep: '86700000',
    fone: '43999990000',
    email: longEmail(marker, 160),
    site: `https://${fill('www.cooperativaagroindustrial', 255 - 8 - 7)}.com.br`,
    representadaLogo: 'john-deere.svg',
  });
  const phraseCompany = await createCompanyRow(sut, {
    fantasia: longPhrase(marker, 150),
    razao: longPhrase(`${marker}R`, 150),
    inscricaoEstadual: null,
    endereco: null,
    numero: null,
    complemento: null,
    bairro: null,
    cep: null,
    fone: null,
    email: null,
    site: null,
    logo: null,
  });
  const user = await createAppUser(sut, {
    firstname: longWord(marker, 100),
    lastname: longPhrase('Conceição', 100),
    email: longEmail(marker, 160),
    enterpriseId: wordCompany.enterpriseId,
  });
  await createAppUser(sut, { firstname: longPhrase(marker, 100), lastname: fill('Ç', 100), email: null, enterpriseId: phraseCompany.enterpriseId });

  const contactName = longWord(marker, 120);
  for (const status of ['pendente', 'respondido'] as const) {
    await createContactRow(sut, {
      nome: contactName,
      email: longEmail(marker, 160),
      mensagem: `${longWord('Colheitadeira', 300)} ${fill('Gostaria de anunciar uma plataforma de milho 🌽 usada. ', 1700)}`,
      status,
      ...(status === 'respondido' ? { responseChannel: 'email' as const, respondedAt: new Date() } : {}),
    });
  }

  const ips = sut.dataSource.getRepository(AuthorizedIp);
  const { ip } = await ips.save(
    ips.create({
      ip: `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:ffff:ffff:ffff:ffff:ffff`,
      role: 'gestor',
      descricao: longWord(marker, 255),
      totpSecret: 'x',
      local: longPhrase(marker, 255),
    }),
  );

  const adminName = longWord(marker, 120);
  const admins = sut.dataSource.getRepository(Admin);
  const username = `${marker.toLowerCase()}${fill('usuario.longo', 60 - marker.length)}`;
  await admins.save(
    admins.create({
      username,
      usernameKey: username,
      email: longEmail(marker, 254),
      passwordHash: '',
      role: 'gestor',
      name: adminName,
      active: true,
      lastLoginAt: new Date(),
      lastLoginIp: ip,
    }),
  );

  await sut.dataSource.getRepository(AuditEntry).insert({
    adminId: null,
    adminUsername: username,
    ip,
    action: 'enterprise.update',
    targetType: 'enterprise',
    targetId: wordCompany.enterpriseId,
    summary: JSON.stringify({ fantasia: { de: longWord(marker, 150), para: longPhrase(marker, 150) }, site: wordCompany.site }),
  });
  return { marker, wordCompany, phraseCompany, user, contactName, adminName };
}
