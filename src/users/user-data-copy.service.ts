import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppException } from '../common/http/app.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { AUDIT_ACTIONS } from '../shared/audit-actions.js';
import type { AppUserView } from '../shared/app-user.views.js';
import { EnterprisesService } from '../enterprises/enterprises.service.js';
import { AccountDeletionRequest, PasswordReset } from './account-token.entity.js';
import { HistoryService } from '../history/history.service.js';
import { AppUsersService } from './app-users.service.js';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** A linked company that no longer exists is left out; any other failure stands. */
function unlessMissing(error: unknown): null {
  if (error instanceof AppException && error.getStatus() === 404) return null;
  throw error;
}

/**
 * What the back office keeps about one app user, as the LGPD (Lei 13.709/2018, art. 19, II and § 3º) asks
 * of a complete statement in a reusable format. Values kept only as irreversible hashes (the password, the
 * links' tokens) are named but not copied: they say nothing about the person and would help an attacker.
 */
export interface UserDataCopy {
  documento: string;
  base_legal: string;
  gerado_em: string;
  usuario: AppUserView;
  empresa: { enterprise_id: number; fantasia: string; razao: string; cnpj: string } | null;
  redefinicoes_de_senha: { id: number; solicitada_por: 'admin' | 'public'; criada_em: string; expira_em: string; usada_em: string | null }[];
  pedidos_de_exclusao: { id: number; ip_do_pedido: string | null; criado_em: string; expira_em: string; confirmado_em: string | null }[];
  historico_do_cadastro: {
    id: number;
    versao: number;
    operacao: string;
    em: string;
    por: string;
    origem: string;
    campos: { campo: string; antes: string; depois: string }[];
  }[];
  registros_de_auditoria: {
    id: number;
    acao: string;
    descricao: string;
    por: string | null;
    em: string;
    campos: { campo: string; antes: string; depois: string }[] | Record<string, unknown> | null;
  }[];
  nao_incluidos: string[];
}

@Injectable()
export class UserDataCopyService {
  constructor(
    private readonly users: AppUsersService,
    private readonly enterprises: EnterprisesService,
    private readonly audit: AuditService,
    @InjectRepository(PasswordReset) private readonly resets: Repository<PasswordReset>,
    @InjectRepository(AccountDeletionRequest) private readonly deletions: Repository<AccountDeletionRequest>,
    private readonly history: HistoryService,
  ) {}

  /** Everything about the user `id` (USER_NOT_FOUND when there is none). */
  async copy(id: number): Promise<UserDataCopy> {
    const usuario = await this.users.get(id);
    const order = { createdAt: 'ASC', id: 'ASC' } as const;
    const [company, resets, deletions, entries, history] = await Promise.all([
      usuario.enterprise_id ? this.enterprises.get(usuario.enterprise_id).catch(unlessMissing) : null,
      this.resets.find({ where: { userId: id }, order }),
      this.deletions.find({ where: { userId: id }, order }),
      this.audit.about('user', id),
      this.history.all('usuario', id),
    ]);
    return {
      documento: 'Cópia dos dados pessoais de um usuário do aplicativo AgroMaq',
      base_legal: 'Lei 13.709/2018 (LGPD), art. 19, II e § 3º: declaração completa, em formato que permite a sua utilização subsequente.',
      gerado_em: new Date().toISOString(),
      usuario,
      empresa: company ? { enterprise_id: company.enterprise_id, fantasia: company.fantasia, razao: company.razao, cnpj: company.cnpj } : null,
      redefinicoes_de_senha: resets.map((reset) => ({
        id: reset.id,
        solicitada_por: reset.requestedBy,
        criada_em: iso(reset.createdAt)!,
        expira_em: iso(reset.expiresAt)!,
        usada_em: iso(reset.usedAt),
      })),
      pedidos_de_exclusao: deletions.map((request) => ({
        id: request.id,
        ip_do_pedido: request.requesterIp,
        criado_em: iso(request.createdAt)!,
        expira_em: iso(request.expiresAt)!,
        confirmado_em: iso(request.confirmedAt),
      })),
      historico_do_cadastro: history.map((entry) => ({
        id: entry.id,
        versao: entry.versao,
        operacao: entry.operacao_rotulo,
        em: entry.em,
        por: entry.quem,
        origem: entry.origem_rotulo,
        campos: entry.campos.map((field) => ({ campo: field.rotulo, antes: field.antes_texto, depois: field.depois_texto })),
      })),
      registros_de_auditoria: entries.map((entry) => ({
        id: entry.id,
        acao: entry.action,
        descricao: AUDIT_ACTIONS[entry.action] ?? entry.action,
        por: entry.admin_username,
        em: entry.created_at,
        // What the entry changed, in the history's words; an entry written before the trail kept changes, as it was kept.
        campos: entry.campos ? entry.campos.map((field) => ({ campo: field.rotulo, antes: field.antes_texto, depois: field.depois_texto })) : entry.summary,
      })),
      nao_incluidos: [
        'Senha: guardada apenas como hash irreversível, que não revela a senha.',
        'Links de redefinição de senha e de exclusão de conta: os códigos são guardados apenas como hash irreversível.',
      ],
    };
  }
}
