import ExcelJS from 'exceljs';

/** A workbook's first sheet as Excel would read it (values typed, formats and fonts kept). */
export async function firstSheet(file: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  return book.worksheets[0];
}
