import { ApiConsumes, ApiOperation, ApiProduces } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { ThrottlerOptions } from '@nestjs/throttler';
import type { AuthenticatedAdmin } from '../auth/auth.types.js';
import { CurrentAdmin, Sensitive } from '../auth/decorators.js';
import { AppException } from '../common/http/app.exception.js';
import type { HttpReply, HttpRequest } from '../common/http/http.js';
import { MultipartError, multipartParts, ReadsMultipart, type MultipartLimits } from '../common/http/multipart.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { RateLimit } from '../common/http/rate-limit.js';
import { csvText } from '../common/export/table-file.js';
import { IMPORT_CHUNK_ROWS, IMPORT_MAX_BYTES, IMPORT_SAMPLE_ROWS } from '../shared/import.views.js';
import { IMPORT_KINDS, ImportPreviewInput, ImportStartInput, ImportTemplateQuery } from './dto/import.input.js';
import { IMPORT_FIELDS } from './import-fields.js';
import type { StagedUpload } from './import-files.js';
import { importsError, ImportsService } from './imports.service.js';

/**
 * Uploads an admin may send in ten minutes: each is written to disk and read before anything else, so a loop of
 * them would keep a core and the disk busy (what stays on the disk is bounded apart: IMPORT_WAITING_MAX). A
 * person trying a file, fixing it and trying again stays well within it.
 */
export const IMPORT_UPLOAD_THROTTLER: ThrottlerOptions = {
  name: 'import-upload',
  ttl: 10 * 60_000,
  limit: 60,
  getTracker: (req: Record<string, unknown>) => `admin:${(req as unknown as HttpRequest).admin?.id ?? 'none'}`,
  generateKey: (_context, tracker, name) => `${name}:${tracker}`,
};

const UPLOAD_LIMITS: MultipartLimits = { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6 };
const MEGABYTES = IMPORT_MAX_BYTES / 1024 / 1024;
const ONE_FILE = 'Envie uma única planilha, no campo arquivo.';

/** An example row per kind, for the template. */
const EXAMPLES: Record<(typeof IMPORT_KINDS)[number], Record<string, string>> = {
  empresas: {
    cnpj: '11.222.333/0001-81',
    fantasia: 'Agro Exemplo',
    razao: 'Agro Exemplo Máquinas Agrícolas Ltda',
    inscricao_estadual: 'ISENTO',
    endereco: 'Avenida das Colheitas',
    numero: '1500',
    complemento: 'Galpão 2',
    bairro: 'Distrito Industrial',
    cep: '86000-000',
    cidade: 'Londrina',
    uf: 'PR',
    cidade_ibge: '',
    fone: '(43) 3325-1000',
    email: 'contato@agroexemplo.com.br',
    site: 'https://www.agroexemplo.com.br',
    logo: 'john-deere.svg',
    status: 'Ativa',
  },
  usuarios: {
    email: 'maria.souza@agroexemplo.com.br',
    firstname: 'Maria',
    lastname: 'Souza',
    cpf: '529.982.247-25',
    fone: '(43) 99876-5432',
    empresa: '11.222.333/0001-81',
    cargo: 'Comprador',
    ocupacao: 'Concessionária',
    status: 'Ativo',
  },
};

/** Importing spreadsheets: upload and preview, start, follow, cancel, failed rows, and the template. */
@Controller('api/admin/importacoes')
export class ImportsApiController {
  constructor(private readonly imports: ImportsService) {}

  @ApiOperation({
    summary: 'Envia uma planilha para importar',
    description: `Multipart: \`arquivo\` (CSV ou XLSX, até ${MEGABYTES} MB) e \`tipo\` (empresas). Lê a primeira linha como nomes das colunas, sugere o mapeamento de cada campo e confere as primeiras ${IMPORT_SAMPLE_ROWS} linhas com as regras do formulário (\`amostra\`, com os erros de cada linha). Nada é gravado além do arquivo, até \`iniciar\`.`,
  })
  @ApiConsumes('multipart/form-data')
  @Post()
  @RateLimit(IMPORT_UPLOAD_THROTTLER.name!)
  @ReadsMultipart()
  async upload(@Req() req: HttpRequest, @CurrentAdmin() admin: AuthenticatedAdmin) {
    const received: StagedUpload[] = [];
    try {
      const { tipo, file } = await readUpload(req, async (source) => {
        const staged = await this.imports.receive(source);
        received.push(staged);
        return staged;
      });
      return await this.imports.analyze(admin.id, tipo, file);
    } finally {
      // A refused upload leaves nothing (a kept one has moved already).
      for (const staged of received) await this.imports.drop(staged);
    }
  }

  @ApiOperation({
    summary: 'A importação em andamento do administrador',
    description: 'A que está na fila ou sendo processada, ou null: a página a mostra ao ser reaberta.',
  })
  @Get('atual')
  async current(@CurrentAdmin() admin: AuthenticatedAdmin) {
    return { data: await this.imports.current(admin.id) };
  }

  @ApiOperation({ summary: 'Modelo de planilha', description: 'Um CSV (UTF-8 com BOM, `;`) com os nomes das colunas e uma linha de exemplo.' })
  @ApiProduces('text/csv')
  @Get('modelo')
  template(@Query() query: ImportTemplateQuery, @Res({ passthrough: true }) res: HttpReply) {
    const fields = IMPORT_FIELDS[query.tipo];
    const example = EXAMPLES[query.tipo];
    res.header('Content-Type', 'text/csv; charset=utf-8');
    res.header('Content-Disposition', `attachment; filename="modelo-${query.tipo}.csv"`);
    return `\uFEFF${fields.map((field) => csvText(field.rotulo)).join(';')}\r\n${fields.map((field) => csvText(example[field.campo] ?? '')).join(';')}\r\n`;
  }

  @ApiOperation({
    summary: 'Uma importação',
    description: 'Status (analisada, na_fila, processando, concluida, cancelada, falhou), total, processadas, criadas, atualizadas, sem_alteracao e falhas.',
  })
  @Get(':id')
  state(@Param('id', IdPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin) {
    return this.imports.state(id, admin.id);
  }

  @ApiOperation({ summary: 'A prévia com outro mapeamento', description: `As primeiras ${IMPORT_SAMPLE_ROWS} linhas conferidas com o mapeamento enviado.` })
  @HttpCode(200)
  @Post(':id/previa')
  preview(@Param('id', IdPipe) id: number, @Body() input: ImportPreviewInput, @CurrentAdmin() admin: AuthenticatedAdmin) {
    return this.imports.preview(id, admin.id, input.mapeamento);
  }

  @ApiOperation({
    summary: 'Inicia a importação',
    description: `Com o mapeamento e o modo. Roda em segundo plano em lotes de ${IMPORT_CHUNK_ROWS} linhas, cada um em sua transação; uma importação interrompida continua do último lote concluído, sem duplicar linhas. Uma por administrador de cada vez (409). Acompanhe por GET :id ou pelos eventos tarefa.progresso e tarefa.concluida. É uma alteração em lote: pede uma confirmação 2FA recente (403 STEP_UP_REQUIRED), como o status em lote.`,
  })
  // A bulk change, whatever its mode or columns: it needs a recent 2FA confirmation, like the bulk status change.
  @Sensitive('iniciar a importação da planilha')
  @HttpCode(202)
  @Post(':id/iniciar')
  start(@Param('id', IdPipe) id: number, @Body() input: ImportStartInput, @CurrentAdmin() admin: AuthenticatedAdmin) {
    return this.imports.start(id, admin.id, input.mapeamento, input.modo);
  }

  @ApiOperation({
    summary: 'As linhas com erro',
    description: 'CSV (UTF-8 com BOM, `;`) com as colunas da planilha, a linha e o erro de cada uma (até 100.000).',
  })
  @ApiProduces('text/csv')
  @Sensitive('baixar as linhas com erro da importação')
  @Get(':id/falhas')
  async failures(@Param('id', IdPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin, @Res({ passthrough: true }) res: HttpReply) {
    const lines = await this.imports.failuresCsv(id, admin.id);
    res.header('Content-Type', 'text/csv; charset=utf-8');
    res.header('Content-Disposition', `attachment; filename="importacao-${id}-erros.csv"`);
    res.header('Cache-Control', 'no-store');
    return new StreamableFile(Readable.from(lines));
  }

  @ApiOperation({
    summary: 'Cancela a importação',
    description: 'Uma na fila para na hora; uma em andamento, depois do lote atual. As linhas já gravadas ficam.',
  })
  @Delete(':id')
  cancel(@Param('id', IdPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin) {
    return this.imports.cancel(id, admin.id);
  }
}

/** The multipart upload: one file in `arquivo`, written to disk by `stage` as it arrives, and `tipo`. */
async function readUpload(
  req: HttpRequest,
  stage: (source: Readable) => Promise<StagedUpload>,
): Promise<{ tipo: (typeof IMPORT_KINDS)[number]; file: { name: string; staged: StagedUpload } }> {
  let tipo: string | undefined;
  let file: { name: string; staged: StagedUpload } | undefined;
  try {
    for await (const part of multipartParts(req, UPLOAD_LIMITS)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'arquivo' || file) throw importsError('IMPORT_NOT_A_TABLE', { message: ONE_FILE });
        file = { name: part.filename, staged: await stage(part.file) };
      } else if (part.fieldname === 'tipo') tipo = part.value;
    }
  } catch (error) {
    if (error instanceof AppException) throw error;
    const refusal = error instanceof MultipartError ? error.refusal : undefined;
    if (refusal === 'not-multipart') throw importsError('IMPORT_NOT_A_TABLE', { message: 'Envie a planilha como multipart/form-data no campo arquivo.' });
    if (refusal === 'file-too-large')
      throw importsError('IMPORT_NOT_A_TABLE', { message: `A planilha passa de ${MEGABYTES} MB: divida-a em arquivos menores.` });
    if (refusal === 'too-many-files') throw importsError('IMPORT_NOT_A_TABLE', { message: ONE_FILE });
    throw importsError('IMPORT_NOT_A_TABLE', { message: 'Não foi possível receber a planilha. Tente novamente.' });
  }
  if (!IMPORT_KINDS.includes(tipo as (typeof IMPORT_KINDS)[number]))
    throw new AppException(400, 'VALIDATION_FAILED', 'Tipo inválido: use empresas ou usuarios.', { tipo: 'Tipo inválido: use empresas ou usuarios.' });
  if (!file) throw importsError('IMPORT_NOT_A_TABLE', { message: 'Escolha a planilha (campo arquivo).' });
  if (file.staged.size === 0) throw importsError('IMPORT_EMPTY');
  return { tipo: tipo as (typeof IMPORT_KINDS)[number], file };
}
