import { ExportFormatField } from '../common/export/export-response.js';
import type { ExportColumn, ExportFormat } from '../common/export/table-file.js';
import { formatCpf, formatPhone } from '../shared/br/index.js';
import type { AppUserView } from '../shared/app-user.views.js';
import { ListUsersQuery } from './dto/list-users.query.js';

/** The users list's filters, dates and search, and the file's format. */
export class ExportUsersQuery extends ListUsersQuery {
  @ExportFormatField()
  formato?: ExportFormat;
}

/** One column per field of the user's details, the CPF with its mask. */
export const USER_COLUMNS: ExportColumn<AppUserView>[] = [
  { header: 'ID', value: (row) => row.user_id },
  { header: 'Nome', value: (row) => row.firstname },
  { header: 'Sobrenome', value: (row) => row.lastname },
  { header: 'Email', value: (row) => row.email },
  { header: 'Telefone', value: (row) => (row.fone ? formatPhone(row.fone) : null) },
  { header: 'CPF', value: (row) => (row.cpf ? formatCpf(row.cpf) : null) },
  { header: 'Empresa', value: (row) => row.empresa_nome },
  { header: 'Cargo', value: (row) => row.cargo_nome },
  { header: 'Ramo de Atividade', value: (row) => row.ocupacao_nome },
  { header: 'Cidade', value: (row) => row.cidade_nome },
  { header: 'UF', value: (row) => row.cidade_uf },
  { header: 'Status', value: (row) => (row.status === 1 ? 'Ativo' : 'Inativo') },
  { header: 'Plano Válido Até', value: (row) => (row.plano_valido ? { day: new Date(row.plano_valido) } : null) },
  { header: 'Data de Cadastro', value: (row) => ({ instant: new Date(row.date_added) }) },
  { header: 'Última Modificação', value: (row) => ({ instant: new Date(row.date_modified) }) },
];
