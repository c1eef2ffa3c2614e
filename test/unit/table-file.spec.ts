import ExcelJS from 'exceljs';
import { firstSheet } from '../support/xlsx.js';
import { describe, expect, it } from 'vitest';
import { csvFile, xlsxFile, type ExportColumn } from '../../src/common/export/table-file.js';

interface Row {
  nome: string;
  total: number;
  cadastro: Date;
  alterado: Date;
}

const columns: ExportColumn<Row>[] = [
  { header: 'Nome', value: (row) => row.nome },
  { header: 'Total', value: (row) => row.total },
  { header: 'Data de Cadastro', value: (row) => ({ day: row.cadastro }) },
  { header: 'Última Modificação', value: (row) => ({ instant: row.alterado }) },
];

async function* batches(...groups: Row[][]) {
  for (const group of groups) yield group;
}

async function bytes(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

// 02:30 UTC on the 11th is still the 10th in São Paulo (UTC−3).
const late = new Date('2026-03-11T02:30:00Z');
const rows: Row[] = [
  { nome: 'João da Silva', total: 3, cadastro: late, alterado: late },
  { nome: 'Sítio "Boa Vista"; Ltda', total: 2.5, cadastro: new Date('2026-01-05T15:00:00Z'), alterado: new Date('2026-01-05T15:00:00Z') },
  { nome: '=HYPERLINK("http://exemplo.com","clique")', total: -1, cadastro: late, alterado: late },
  { nome: 'linha\nquebrada', total: 0, cadastro: late, alterado: late },
];

describe('CSV for Excel in Portuguese', () => {
  it('has a BOM, ";" separators, CRLF lines, dates dd/mm/aaaa in São Paulo and decimal commas', async () => {
    const text = (await bytes(csvFile(columns, batches(rows.slice(0, 2), [], rows.slice(2))))).toString('utf8');
    expect(text.startsWith('\uFEFFNome;Total;Data de Cadastro;Última Modificação\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[1]).toBe('João da Silva;3;10/03/2026;10/03/2026 23:30');
    expect(lines[2]).toBe('"Sítio ""Boa Vista""; Ltda";2,5;05/01/2026;05/01/2026 12:00');
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('keeps a formula typed as a name as text (CSV injection), and quotes line breaks', async () => {
    const text = (await bytes(csvFile(columns, batches(rows)))).toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://exemplo.com"",""clique"")";-1;`);
    expect(text).toContain('"linha\nquebrada";0;');
  });
});

describe('XLSX with typed cells (written by exceljs, read back as Excel would)', () => {
  it('has one sheet with a bold, frozen header; text, numbers and dates are typed cells in São Paulo time', async () => {
    const file = await bytes(xlsxFile('Usuários', columns, batches(rows.slice(0, 2), [], rows.slice(2))));
    const sheet = await firstSheet(file);
    expect(sheet.name).toBe('Usuários');
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nome', 'Total', 'Data de Cadastro', 'Última Modificação']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('A2').value).toBe('João da Silva');
    expect(sheet.getCell('B2').value).toBe(3);
    expect(sheet.getCell('B3').value).toBe(2.5);
    // 02:30 UTC on the 11th is 23:30 on the 10th in São Paulo: the sheet shows the wall clock.
    expect(sheet.getCell('C2').numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getCell('C2').value).toEqual(new Date('2026-03-10T00:00:00Z'));
    expect(sheet.getCell('D2').numFmt).toBe('dd/mm/yyyy hh:mm');
    expect((sheet.getCell('D2').value as Date).toISOString()).toBe('2026-03-10T23:30:00.000Z');
    expect(sheet.getCell('A3').value).toBe('Sítio "Boa Vista"; Ltda');
    expect(sheet.getCell('A5').value).toBe('linha\nquebrada');
  });

  it('keeps a formula typed as a name as text: the cell has no formula', async () => {
    const file = await bytes(xlsxFile('X', columns, batches(rows)));
    const cell = (await firstSheet(file)).getCell('A4');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://exemplo.com","clique")');
    expect(cell.formula).toBeUndefined();
  });

  it('drops characters XML cannot carry (control characters, lone surrogates) instead of writing a broken file', async () => {
    const file = await bytes(xlsxFile('X', columns, batches([{ ...rows[0], nome: 'a\u0001b\u001Fc\uD800d 🚜' }])));
    expect((await firstSheet(file)).getCell('A2').value).toBe('abcd 🚜');
  });

  it('hands the file on as it is written: most of a large export is out before its last rows are read', async () => {
    const many = Array.from({ length: 40 }, (_, batch) =>
      Array.from({ length: 500 }, (_, index) => ({ ...rows[1], nome: `Empresa ${batch * 500 + index} ${'x'.repeat(40)}` })),
    );
    let pulled = 0;
    async function* counted() {
      for (const group of many) {
        pulled++;
        yield group;
      }
    }
    let bytes = 0;
    let beforeLast = 0;
    const parts: Buffer[] = [];
    for await (const chunk of xlsxFile('X', columns, counted())) {
      bytes += chunk.length;
      if (pulled < many.length) beforeLast = bytes;
      parts.push(chunk);
    }
    expect(beforeLast).toBeGreaterThan(bytes / 2);
    const sheet = await firstSheet(Buffer.concat(parts));
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getCell('A20001').value).toBe(`Empresa 19999 ${'x'.repeat(40)}`);
  });

  it('writes the same clean text in both files: control characters and direction overrides of older rows dropped', async () => {
    const dirty = 'Agro\u0000 Norte\u0007 \u202Eatnev\u202C LTDA\u009b \ud800fim';
    const row = { nome: dirty, total: 1, cadastro: new Date(), alterado: new Date() };
    const csv = (await bytes(csvFile(columns, batches([row])))).toString('utf8').slice(1).split('\r\n')[1].split(';')[0];
    const sheet = await firstSheet(await bytes(xlsxFile('Teste', columns, batches([row]))));
    const xlsx = sheet.getRow(2).getCell(1).value as string;
    expect(csv).toBe('Agro Norte atnev LTDA fim');
    expect(xlsx).toBe(csv);
  });
});
