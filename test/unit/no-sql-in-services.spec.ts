import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Calls that build or run SQL: a query builder, its clauses, or a statement's text sent as it is. */
const SQL_CALLS =
  /\b(createQueryBuilder|plainQuery|Brackets)\b|\.query\s*[<(]|\.(where|andWhere|orWhere|having|andHaving|orHaving|groupBy|leftJoin|innerJoin|leftJoinAndSelect|innerJoinAndSelect|getRawOne|getRawMany)\s*[<(]/;
/** A string that is a statement: it begins with one, or reads like one (a FROM with a WHERE). */
const SQL_TEXT = /^\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|REPLACE INTO|SET @)\s|\bFROM\s+[\w${}.]+[\s\S]*\bWHERE\b/;

/**
 * The source without its comments (a comment may describe a statement): those that open a line, so a '/*' or
 * '//' inside a string (a MIME type, a URL) hides nothing.
 */
function withoutComments(source: string): string {
  return source.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '');
}

/** The lines of `source` that hold SQL: the calls above, or a string or template literal with a statement's text. */
export function sqlLines(source: string): string[] {
  const code = withoutComments(source);
  const found = code.split('\n').filter((line) => SQL_CALLS.test(line));
  for (const match of code.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)) {
    if (SQL_TEXT.test(match[0].slice(1, -1))) found.push(match[0]);
  }
  return found;
}

const services = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.service.ts'))
  .map((name) => join('src', name));

describe('SQL lives in repositories', () => {
  it('no service holds SQL: its statements, query builders and raw queries are in its domain repository', () => {
    expect(services.length).toBeGreaterThan(10);
    for (const file of services) expect(sqlLines(readFileSync(file, 'utf8')), file).toEqual([]);
  });

  it('finds a query builder, a raw statement and SQL text, and not the plain repository calls services keep', () => {
    expect(sqlLines("const rows = await this.admins.createQueryBuilder('a').getMany();")).toHaveLength(1);
    expect(sqlLines("query.andWhere('a.active = :yes', { yes: true });")).toHaveLength(1);
    expect(sqlLines('await manager.query(sql, [id]);')).toHaveLength(1);
    expect(sqlLines('const rows = await plainQuery<Row>(connection, sql);')).toHaveLength(1);
    expect(sqlLines('const SQL = `SELECT id\n  FROM admins`;')).toHaveLength(1);
    expect(sqlLines("const sql = 'DELETE FROM record_history WHERE id = ?';")).toHaveLength(1);
    expect(sqlLines('const sql = `id FROM ${table} WHERE id = ?`;')).toHaveLength(1);
    expect(sqlLines("const accept = 'image/*';\nawait manager.query(sql);\nconst end = '*/';")).toHaveLength(1);
    expect(
      sqlLines(
        [
          '// Runs `UPDATE … WHERE id = ?` in the repository.',
          '/** SELECT id FROM admins WHERE active = 1, read by the repository. */',
          'const admin = await this.admins.findOneBy({ adminId: id });',
          'await this.sessions.update({ jti }, { revokedAt: new Date() });',
          "const rows = await this.contacts.find({ where: { status: 'pendente' }, order: { id: 'DESC' } });",
          "throw new AppException(409, 'RECORD_EXISTS', 'Selecione a empresa de onde a cidade vem.');",
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
