import { Injectable } from '@nestjs/common';
import { ContactsService } from '../contacts/contacts.service.js';
import { EnterpriseList } from '../enterprises/enterprises.resource.js';
import { formatCity, formatCnpj, formatPhone } from '../shared/br/index.js';
import type { FindResult, FoundGroup } from '../shared/find.views.js';
import { saoPauloDay } from '../common/sao-paulo-day.js';
import { AppUserList } from '../users/app-users.resource.js';

/** How many records of each kind the palette shows. */
export const FOUND_PER_KIND = 5;

const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
const day = (iso: string) => saoPauloDay(new Date(iso)).split('-').reverse().join('/');
const joinedDetail = (parts: (string | null | undefined)[]) => parts.filter((part): part is string => Boolean(part)).join(' · ');

/**
 * Finds anything from anywhere in the back office: companies and app users by the rules of their lists' search
 * boxes (the same services answer), contact messages by the sender's name, e-mail or phone.
 */
@Injectable()
export class FindService {
  constructor(
    private readonly enterprises: EnterpriseList,
    private readonly users: AppUserList,
    private readonly contacts: ContactsService,
  ) {}

  async find(q: string): Promise<FindResult> {
    const [enterprises, users, contacts] = await Promise.all([
      this.enterprises.page({ busca: q, status: 'todos', page: 1, pageSize: FOUND_PER_KIND }),
      this.users.page({ busca: q, status: 'todos', page: 1, pageSize: FOUND_PER_KIND }),
      this.contacts.search(q, FOUND_PER_KIND),
    ]);
    const empresas: FoundGroup = {
      total: enterprises.total,
      todos_url: `/admin/empresas?${query({ status: 'todos', busca: q })}`,
      items: enterprises.data.map((row) => ({
        id: row.enterprise_id,
        titulo: row.fantasia,
        detalhe: joinedDetail([`CNPJ ${formatCnpj(row.cnpj)}`, formatCity(row.cidade_nome, row.cidade_uf) || null, row.ativo === 1 ? 'Ativa' : 'Inativa']),
        url: `/admin/empresas?${query({ status: 'todos', abrir: row.enterprise_id })}`,
      })),
    };
    const usuarios: FoundGroup = {
      total: users.total,
      todos_url: `/admin/usuarios?${query({ busca: q })}`,
      items: users.data.map((row) => ({
        id: row.user_id,
        titulo: `${row.firstname} ${row.lastname}`.trim(),
        detalhe: joinedDetail([row.email, row.empresa_nome, row.status === 1 ? 'Ativo' : 'Inativo']),
        url: `/admin/usuarios?${query({ abrir: row.user_id })}`,
      })),
    };
    const contatos: FoundGroup = {
      total: null,
      todos_url: null,
      items: contacts.map((row) => ({
        id: row.id,
        titulo: row.nome,
        detalhe: joinedDetail([
          row.email,
          formatPhone(row.telefone),
          row.status === 'pendente' ? 'Pendente' : 'Respondido',
          `enviado em ${day(row.created_at)}`,
        ]),
        url: `/admin/contato?${query({ status: row.status, abrir: row.id })}`,
      })),
    };
    return { empresas, usuarios, contatos };
  }
}
