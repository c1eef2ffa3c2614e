import { strFromU8, unzipSync } from 'fflate';
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

describe('XLSX with typed cells', () => {
  it('is a zip with the workbook parts; text, numbers and dates are typed cells, the header bold and frozen', async () => {
    const file = await bytes(xlsxFile('Usuários', columns, batches(rows.slice(0, 2), rows.slice(2))));
    const parts = unzipSync(new Uint8Array(file));
    expect(Object.keys(parts).sort()).toEqual(
      ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'].sort(),
    );
    expect(strFromU8(parts['xl/workbook.xml'])).toContain('<sheet name="Usuários"');
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('<c r="A1" t="inlineStr" s="1"><is><t>Nome</t></is></c>');
    expect(sheet).toContain('state="frozen"');
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">João da Silva</t></is></c><c r="B2"><v>3</v></c>');
    // 10/03/2026 is serial 46091; 23:30 is 0.979166… of a day.
    expect(sheet).toContain('<c r="C2" s="2"><v>46091</v></c>');
    expect(sheet).toMatch(/<c r="D2" s="3"><v>46091\.97916\d*<\/v><\/c>/);
    expect(sheet).toContain('<t xml:space="preserve">Sítio &quot;Boa Vista&quot;; Ltda</t>');
    // A formula typed as text stays a text cell: XLSX never evaluates an inline string.
    expect(sheet).toContain('<t xml:space="preserve">=HYPERLINK(&quot;http://exemplo.com&quot;,&quot;clique&quot;)</t>');
    expect(sheet.match(/<row /g)).toHaveLength(5);
    expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true);
  });

  it('drops characters XML cannot carry instead of writing a broken file', async () => {
    const file = await bytes(xlsxFile('X', columns, batches([{ ...rows[0], nome: 'a\u0001b\u001Fc' }])));
    expect(strFromU8(unzipSync(new Uint8Array(file))['xl/worksheets/sheet1.xml'])).toContain('>abc</t>');
  });
});
