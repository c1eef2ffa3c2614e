import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvFile, xlsxFile, type ExportColumn } from '../../src/common/export/table-file.js';
import { guessMapping, headerKey, mapsAnything } from '../../src/imports/import-fields.js';
import { openTable, sniffDialect, sniffFormat } from '../../src/imports/table-reader.js';
import { bufferRanges, fileRanges } from '../../src/imports/xlsx-in-order.js';

// Reading the spreadsheets staff bring in (issue 31): the formats Excel in Portuguese writes, and our exports.

/** Windows-1252 bytes of a text (its accented letters are one byte each). */
function cp1252(text: string): Buffer {
  const table: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94, '–': 0x96 };
  return Buffer.from(Array.from(text, (char) => table[char] ?? char.charCodeAt(0)));
}

async function rowsOf(bytes: Buffer, chunk = 7): Promise<string[][]> {
  const table = await openTable(
    bytes.subarray(0, 64 * 1024),
    () => {
      // Small chunks, so a character or a quoted field is cut between reads as a real upload cuts them.
      const parts: Buffer[] = [];
      for (let offset = 0; offset < bytes.length; offset += chunk) parts.push(bytes.subarray(offset, offset + chunk));
      return Readable.from(parts);
    },
    bufferRanges(bytes),
  );
  if (!table) throw new Error('not a table');
  const rows: string[][] = [];
  for await (const row of table.rows) rows.push(row);
  return rows;
}

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of chunks) parts.push(part);
  return Buffer.concat(parts);
}

describe('reading a CSV as Excel in Portuguese writes it', () => {
  it('Windows-1252 with `;`: accents, cedilla and the euro sign come out right', async () => {
    const bytes = cp1252('Nome Fantasia;Cidade;Razão Social\r\nConceição Máquinas;São João del-Rei;Irmãos Araújo – Peças € Ltda\r\n');
    expect(sniffDialect(bytes)).toEqual({ encoding: 'windows-1252', separator: ';', bom: false });
    expect(await rowsOf(bytes)).toEqual([
      ['Nome Fantasia', 'Cidade', 'Razão Social'],
      ['Conceição Máquinas', 'São João del-Rei', 'Irmãos Araújo – Peças € Ltda'],
    ]);
  });

  it('UTF-8 with a BOM, quotes and line breaks inside fields, a multi-byte letter cut between reads', async () => {
    const bytes = Buffer.from('\uFEFFnome;observação\r\n"Ágata ""Agro""";"linha 1\r\nlinha 2; ainda"\r\nÇarpe Diem;🚜\r\n', 'utf8');
    expect(sniffDialect(bytes)).toEqual({ encoding: 'utf-8', separator: ';', bom: true });
    for (const chunk of [1, 2, 3, 5, 1024]) {
      expect(await rowsOf(bytes, chunk)).toEqual([
        ['nome', 'observação'],
        ['Ágata "Agro"', 'linha 1\r\nlinha 2; ainda'],
        ['Çarpe Diem', '🚜'],
      ]);
    }
  });

  it('tells `,` and tab apart from `;`, not counting separators inside quotes', () => {
    expect(sniffDialect(Buffer.from('a,b,c\n1,2,3\n')).separator).toBe(',');
    expect(sniffDialect(Buffer.from('a\tb\tc\n')).separator).toBe('\t');
    expect(sniffDialect(Buffer.from('"x,y,z,w";b;c\n')).separator).toBe(';');
    expect(sniffDialect(Buffer.from('nome\n')).separator).toBe(';');
  });

  it('knows a file that is no table: empty, binary, an image', () => {
    expect(sniffFormat(Buffer.alloc(0))).toBeNull();
    expect(sniffFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]))).toBeNull();
    expect(sniffFormat(Buffer.from('%PDF-1.7\n\u0000\u0001'))).toBeNull();
    expect(sniffFormat(Buffer.from('a;b\n'))).toBe('csv');
  });
});

describe('reading back what the exports write', () => {
  const columns: ExportColumn<{ nome: string; total: number; dia: Date }>[] = [
    { header: 'Nome', value: (row) => row.nome },
    { header: 'Total', value: (row) => row.total },
    { header: 'Data de Cadastro', value: (row) => ({ day: row.dia }) },
  ];
  const rows = [
    { nome: 'Conceição "Agro"; Peças', total: 1234, dia: new Date('2026-03-09T15:00:00Z') },
    { nome: '=Fórmula', total: 7, dia: new Date('2026-11-24T12:00:00Z') },
  ];
  async function* batches() {
    yield rows;
  }

  it('a CSV export reads back cell for cell', async () => {
    const bytes = await collect(csvFile(columns, batches()));
    expect(await rowsOf(bytes)).toEqual([
      ['Nome', 'Total', 'Data de Cadastro'],
      ['Conceição "Agro"; Peças', '1234', '09/03/2026'],
      // The export guards a formula with an apostrophe (CSV injection); it reads back as written.
      ["'=Fórmula", '7', '24/11/2026'],
    ]);
  });

  it('an XLSX export reads back as a stream: text, numbers and dates as the sheet shows them', async () => {
    const bytes = await collect(xlsxFile('Usuarios', columns, batches()));
    expect(sniffFormat(bytes)).toBe('xlsx');
    expect(await rowsOf(bytes, 4096)).toEqual([
      ['Nome', 'Total', 'Data de Cadastro'],
      ['Conceição "Agro"; Peças', '1234', '09/03/2026'],
      ['=Fórmula', '7', '24/11/2026'],
    ]);
  });

  it('an XLSX saved by a spreadsheet program (shared strings, empty cells, a second sheet) reads its first sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('Empresas');
    first.addRow(['CNPJ', 'Fantasia', 'Fundada']);
    first.addRow(['11.222.333/0001-81', 'Agro Sul', new Date(Date.UTC(2020, 0, 31))]);
    first.addRow([11222333000181, null, 'texto']);
    workbook.addWorksheet('Outra').addRow(['não lida']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await rowsOf(bytes, 4096)).toEqual([
      ['CNPJ', 'Fantasia', 'Fundada'],
      ['11.222.333/0001-81', 'Agro Sul', '31/01/2020'],
      ['11222333000181', '', 'texto'],
    ]);
  });
});

describe('guessing the columns from the header row', () => {
  it("maps every column of the companies' and the users' exports back to its field", () => {
    const companies = guessMapping('empresas', [
      'ID',
      'Nome Fantasia',
      'Razão Social',
      'CNPJ',
      'Inscrição Estadual',
      'Endereço',
      'Número',
      'Complemento',
      'Bairro',
      'CEP',
      'Cidade',
      'UF',
      'Telefone',
      'Email',
      'Site',
      'Status',
      'Score',
      'Data de Cadastro',
      'Última Modificação',
    ]);
    expect(companies).toMatchObject({
      fantasia: 1,
      razao: 2,
      cnpj: 3,
      inscricao_estadual: 4,
      endereco: 5,
      numero: 6,
      cep: 9,
      cidade: 10,
      uf: 11,
      fone: 12,
      email: 13,
      site: 14,
      status: 15,
      cidade_ibge: null,
      logo: null,
    });
    const users = guessMapping('usuarios', [
      'ID',
      'Nome',
      'Sobrenome',
      'Email',
      'Telefone',
      'CPF',
      'Empresa',
      'Cargo',
      'Ramo de Atividade',
      'Cidade',
      'UF',
      'Status',
      'Plano Válido Até',
    ]);
    // Cidade, UF and Plano Válido Até are the app's to write (no form sets them): they map to nothing.
    expect(users).toEqual({
      email: 3,
      firstname: 1,
      lastname: 2,
      cpf: 5,
      fone: 4,
      empresa: 6,
      cargo: 7,
      ocupacao: 8,
      status: 11,
    });
  });

  it('reads headers without accents, in capitals, with other spacing and the usual short forms', () => {
    expect(guessMapping('empresas', ['RAZAO SOCIAL', 'nome', 'cnpj ', 'Nº', 'E-MAIL', 'Município', 'Estado', 'Código IBGE', 'I.E.'])).toMatchObject({
      razao: 0,
      fantasia: 1,
      cnpj: 2,
      numero: 3,
      email: 4,
      cidade: 5,
      uf: 6,
      cidade_ibge: 7,
      inscricao_estadual: 8,
    });
  });

  it('gives each column to one field, and knows a header row that names nothing', () => {
    const mapping = guessMapping('usuarios', ['CNPJ', 'Empresa']);
    expect(mapping.empresa).toBe(1);
    expect(mapsAnything(guessMapping('empresas', ['foo', 'bar', '']))).toBe(false);
    expect(headerKey(`${'x'.repeat(10_000)}`)).toHaveLength(200);
  });
});

describe.skipIf(!existsSync('/proc/self/fd'))('a reader that stops early', () => {
  it('lets its file go: previews of the first rows of CSV and XLSX files leave no descriptor open', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'agromaq-reader-'));
    try {
      writeFileSync(join(directory, 'a.csv'), `A;B\r\n${'1;2\r\n'.repeat(100_000)}`);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Planilha');
      for (let index = 0; index < 3_000; index++) sheet.addRow([index, 'linha']);
      writeFileSync(join(directory, 'a.xlsx'), Buffer.from(await book.xlsx.writeBuffer()));
      const open = () => readdirSync('/proc/self/fd').length;
      for (const name of ['a.csv', 'a.xlsx']) {
        const path = join(directory, name);
        const before = open();
        for (let round = 0; round < 5; round++) {
          const table = await openTable(readFileSync(path).subarray(0, 65_536), () => createReadStream(path), fileRanges(path));
          let rows = 0;
          for await (const row of table!.rows) {
            expect(row.length).toBe(2);
            if (++rows >= 100) break;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(open(), name).toBeLessThanOrEqual(before);
      }
      // Read whole, by ranges of the file on disk or of its bytes in memory, the rows are the same.
      const all = async (onDisk: boolean) => {
        const path = join(directory, 'a.xlsx');
        const table = await openTable(
          readFileSync(path).subarray(0, 65_536),
          () => createReadStream(path),
          onDisk ? fileRanges(path) : bufferRanges(readFileSync(path)),
        );
        const rows: string[][] = [];
        for await (const row of table!.rows) rows.push(row);
        return rows;
      };
      const inOrder = await all(true);
      expect(inOrder).toHaveLength(3_000);
      expect(inOrder[2_999]).toEqual(['2999', 'linha']);
      expect(inOrder).toEqual(await all(false));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
