import type { EntityTarget, ObjectLiteral } from 'typeorm';
import { Admin } from '../auth/admin.entity.js';
import { Contact } from '../contacts/contact.entity.js';
import { Enterprise } from '../enterprises/enterprise.entity.js';
import { AppUser } from '../users/app-user.entity.js';

/** How a column's value is shown in a history entry. */
export type FieldFormat =
  | 'text'
  | 'cnpj'
  | 'cpf'
  | 'phone'
  | 'cep'
  | 'city'
  | 'enterprise'
  | 'cargo'
  | 'ocupacao'
  | 'admin'
  | 'active'
  | 'user-status'
  | 'contact-status'
  | 'channel'
  | 'role'
  | 'datetime'
  | 'secret';

export interface HistoryField {
  label: string;
  format: FieldFormat;
  /** Personal data of an app user: replaced by "(removido)" when the account is deleted (LGPD). */
  personal?: boolean;
}

export type HistoryResourceKey = 'empresa' | 'usuario' | 'contato' | 'admin';

/**
 * A resource with versions and history: its table and entity, the path its API lives under, how messages name
 * it, and its columns (those the database's triggers record, see the RecordHistory migration) with their labels.
 */
export interface HistoryResource {
  key: HistoryResourceKey;
  path: string;
  entity: EntityTarget<ObjectLiteral>;
  table: string;
  idColumn: string;
  /** "Esta empresa", "alterada", "a": for "Esta empresa foi alterada por … depois que você a abriu." */
  noun: { subject: string; changed: string; pronoun: string; removed: string };
  fields: Record<string, HistoryField>;
  /** Only masters read it (the team). */
  mastersOnly?: boolean;
}

const address = (prefix: string, label: string): Record<string, HistoryField> => ({
  [`${prefix}endereco`]: { label: `Endereço${label}`, format: 'text' },
  [`${prefix}numero`]: { label: `Número${label}`, format: 'text' },
  [`${prefix}complemento`]: { label: `Complemento${label}`, format: 'text' },
  [`${prefix}bairro`]: { label: `Bairro${label}`, format: 'text' },
  [`${prefix}cep`]: { label: `CEP${label}`, format: 'cep' },
  [`${prefix}city_id`]: { label: `Cidade${label}`, format: 'city' },
});

export const HISTORY_RESOURCES: Record<HistoryResourceKey, HistoryResource> = {
  empresa: {
    key: 'empresa',
    path: 'enterprises',
    entity: Enterprise,
    table: 'enterprises',
    idColumn: 'enterprise_id',
    noun: { subject: 'Esta empresa', changed: 'alterada', pronoun: 'a', removed: 'excluída' },
    fields: {
      razao: { label: 'Razão social', format: 'text' },
      fantasia: { label: 'Nome fantasia', format: 'text' },
      cnpj: { label: 'CNPJ', format: 'cnpj' },
      inscricao_estadual: { label: 'Inscrição estadual', format: 'text' },
      ...address('', ''),
      fone: { label: 'Telefone', format: 'phone' },
      email: { label: 'E-mail', format: 'text' },
      site: { label: 'Site', format: 'text' },
      logo: { label: 'Logo', format: 'text' },
      representada_logo: { label: 'Logo representada', format: 'text' },
      ativo: { label: 'Status', format: 'active' },
      score: { label: 'Score', format: 'text' },
      ...address('cobranca_', ' de cobrança'),
    },
  },
  usuario: {
    key: 'usuario',
    path: 'users',
    entity: AppUser,
    table: 'app_users',
    idColumn: 'user_id',
    noun: { subject: 'Este usuário', changed: 'alterado', pronoun: 'o', removed: 'excluído' },
    fields: {
      firstname: { label: 'Nome', format: 'text', personal: true },
      lastname: { label: 'Sobrenome', format: 'text', personal: true },
      email: { label: 'E-mail', format: 'text', personal: true },
      fone: { label: 'Telefone', format: 'phone', personal: true },
      cpf: { label: 'CPF', format: 'cpf', personal: true },
      enterprise_id: { label: 'Empresa', format: 'enterprise' },
      cargo_id: { label: 'Cargo', format: 'cargo' },
      ocupacao_id: { label: 'Ramo de atividade', format: 'ocupacao' },
      city_id: { label: 'Cidade', format: 'city', personal: true },
      status: { label: 'Status', format: 'user-status' },
      password_hash: { label: 'Senha', format: 'secret' },
      plano_valido: { label: 'Plano válido até', format: 'datetime' },
      device_id: { label: 'Dispositivo', format: 'text', personal: true },
    },
  },
  contato: {
    key: 'contato',
    path: 'contatos',
    entity: Contact,
    table: 'contacts',
    idColumn: 'id',
    noun: { subject: 'Esta mensagem', changed: 'alterada', pronoun: 'a', removed: 'excluída' },
    fields: {
      nome: { label: 'Nome', format: 'text' },
      email: { label: 'E-mail', format: 'text' },
      telefone: { label: 'Telefone', format: 'phone' },
      mensagem: { label: 'Mensagem', format: 'text' },
      origem: { label: 'Origem', format: 'text' },
      status: { label: 'Status', format: 'contact-status' },
      response_channel: { label: 'Respondido por', format: 'channel' },
      responded_at: { label: 'Respondido em', format: 'datetime' },
      responded_by: { label: 'Respondido pelo administrador', format: 'admin' },
      sender_ip: { label: 'IP de envio', format: 'text' },
      user_agent: { label: 'Navegador', format: 'text' },
      created_at: { label: 'Recebida em', format: 'datetime' },
    },
  },
  admin: {
    key: 'admin',
    path: 'admins',
    entity: Admin,
    table: 'admins',
    idColumn: 'admin_id',
    noun: { subject: 'Este administrador', changed: 'alterado', pronoun: 'o', removed: 'excluído' },
    mastersOnly: true,
    fields: {
      username: { label: 'Usuário', format: 'text' },
      email: { label: 'E-mail', format: 'text' },
      name: { label: 'Nome', format: 'text' },
      role: { label: 'Papel', format: 'role' },
      active: { label: 'Ativo', format: 'active' },
      password_hash: { label: 'Senha', format: 'secret' },
    },
  },
};

export const HISTORY_PATHS = Object.fromEntries(Object.values(HISTORY_RESOURCES).map((resource) => [resource.path, resource])) as Record<
  string,
  HistoryResource
>;
