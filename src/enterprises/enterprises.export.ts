import { ExportFormatField } from '../common/export/export-response.js';
import type { ExportColumn, ExportFormat } from '../common/export/table-file.js';
import { formatCep, formatCnpj, formatPhone } from '../shared/br/index.js';
import type { EnterpriseView } from '../shared/enterprise.views.js';
import { ListEnterprisesQuery } from './dto/list-enterprises.query.js';

/** The companies list's filters and search, and the file's format. */
export class ExportEnterprisesQuery extends ListEnterprisesQuery {
  @ExportFormatField()
  formato?: ExportFormat;
}

const instant = (iso: string) => ({ instant: new Date(iso) });

/** One column per field of the company's form and details, documents with their masks. */
export const ENTERPRISE_COLUMNS: ExportColumn<EnterpriseView>[] = [
  { header: 'ID', value: (row) => row.enterprise_id },
  { header: 'Nome Fantasia', value: (row) => row.fantasia },
  { header: 'Razão Social', value: (row) => row.razao },
  { header: 'CNPJ', value: (row) => formatCnpj(row.cnpj) },
  { header: 'Inscrição Estadual', value: (row) => row.inscricao_estadual },
  { header: 'Endereço', value: (row) => row.endereco },
  { header: 'Número', value: (row) => row.numero },
  { header: 'Complemento', value: (row) => row.complemento },
  { header: 'Bairro', value: (row) => row.bairro },
  { header: 'CEP', value: (row) => (row.cep ? formatCep(row.cep) : null) },
  { header: 'Cidade', value: (row) => row.cidade_nome },
  { header: 'UF', value: (row) => row.cidade_uf },
  { header: 'Telefone', value: (row) => (row.fone ? formatPhone(row.fone) : null) },
  { header: 'Email', value: (row) => row.email },
  { header: 'Site', value: (row) => row.site },
  { header: 'Status', value: (row) => (row.ativo === 1 ? 'Ativa' : 'Inativa') },
  { header: 'Score', value: (row) => row.score },
  { header: 'Data de Cadastro', value: (row) => instant(row.created_at) },
  { header: 'Última Modificação', value: (row) => instant(row.updated_at) },
];
