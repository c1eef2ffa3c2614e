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
  /**
   * An admin writes this column in the back office (the resource's form, or one of its own actions: status,
   * billing address, answering a message), so restoring a change puts its earlier value back, through those
   * rules. A column without it (what only the app, the site or the system writes, and secrets) is shown in the
   * history but never written by a restore: an admin cannot set through the history what no form lets them set.
   * A deleted record brought back comes with every value it had.
   */
  restorable?: true;
  /**
   * The value the system gives every new record (a company's score starts at 0): a creation that sets it is not
   * a change anyone made, so the creation's entry does not show it.
   */
  initial?: string | number;
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

/** A company's address fields (its form, or its billing address's form). */
const address = (prefix: string, label: string): Record<string, HistoryField> => ({
  [`${prefix}endereco`]: { label: `Endereço${label}`, format: 'text', restorable: true },
  [`${prefix}numero`]: { label: `Número${label}`, format: 'text', restorable: true },
  [`${prefix}complemento`]: { label: `Complemento${label}`, format: 'text', restorable: true },
  [`${prefix}bairro`]: { label: `Bairro${label}`, format: 'text', restorable: true },
  [`${prefix}cep`]: { label: `CEP${label}`, format: 'cep', restorable: true },
  [`${prefix}city_id`]: { label: `Cidade${label}`, format: 'city', restorable: true },
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
      // The company form (EnterpriseInput), Ativar/Desativar and the billing address's form; no form writes the score.
      razao: { label: 'Razão social', format: 'text', restorable: true },
      fantasia: { label: 'Nome fantasia', format: 'text', restorable: true },
      cnpj: { label: 'CNPJ', format: 'cnpj', restorable: true },
      inscricao_estadual: { label: 'Inscrição estadual', format: 'text', restorable: true },
      ...address('', ''),
      fone: { label: 'Telefone', format: 'phone', restorable: true },
      email: { label: 'E-mail', format: 'text', restorable: true },
      site: { label: 'Site', format: 'text', restorable: true },
      logo: { label: 'Logo', format: 'text', restorable: true },
      representada_logo: { label: 'Logo representada', format: 'text', restorable: true },
      ativo: { label: 'Status', format: 'active', restorable: true },
      score: { label: 'Score', format: 'text', initial: 0 },
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
      // The 'Editar Usuário' form (UpdateUserInput) and Ativar/Desativar; the city, the plan and the device are
      // the app's alone.
      firstname: { label: 'Nome', format: 'text', personal: true, restorable: true },
      lastname: { label: 'Sobrenome', format: 'text', personal: true, restorable: true },
      email: { label: 'E-mail', format: 'text', personal: true, restorable: true },
      fone: { label: 'Telefone', format: 'phone', personal: true, restorable: true },
      cpf: { label: 'CPF', format: 'cpf', personal: true, restorable: true },
      enterprise_id: { label: 'Empresa', format: 'enterprise', restorable: true },
      cargo_id: { label: 'Cargo', format: 'cargo', restorable: true },
      ocupacao_id: { label: 'Ramo de atividade', format: 'ocupacao', restorable: true },
      city_id: { label: 'Cidade', format: 'city', personal: true },
      status: { label: 'Status', format: 'user-status', restorable: true },
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
      // The sender writes the message (the site's form); an admin only marks it answered.
      nome: { label: 'Nome', format: 'text' },
      email: { label: 'E-mail', format: 'text' },
      telefone: { label: 'Telefone', format: 'phone' },
      mensagem: { label: 'Mensagem', format: 'text' },
      origem: { label: 'Origem', format: 'text' },
      status: { label: 'Status', format: 'contact-status', restorable: true },
      response_channel: { label: 'Respondido por', format: 'channel', restorable: true },
      responded_at: { label: 'Respondido em', format: 'datetime', restorable: true },
      responded_by: { label: 'Respondido pelo administrador', format: 'admin', restorable: true },
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
      // The team's form (UpdateAdminInput); the username is the login and never changes there.
      username: { label: 'Usuário', format: 'text' },
      email: { label: 'E-mail', format: 'text', restorable: true },
      name: { label: 'Nome', format: 'text', restorable: true },
      role: { label: 'Papel', format: 'role', restorable: true },
      active: { label: 'Ativo', format: 'active', restorable: true },
      password_hash: { label: 'Senha', format: 'secret' },
    },
  },
};

export const HISTORY_PATHS = Object.fromEntries(Object.values(HISTORY_RESOURCES).map((resource) => [resource.path, resource])) as Record<
  string,
  HistoryResource
>;
