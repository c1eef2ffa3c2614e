import type { EntityManager } from 'typeorm';
import { escapeLike, LIKE_ESCAPE } from '../common/search-text.js';
import { formatCpf } from '../shared/br/index.js';
import type { ImportKind } from './import-fields.js';
import { Import } from './import.entity.js';

/**
 * The texts a person's CPF may have in a sheet's cell: its digits and with its punctuation. A number cell drops
 * leading zeros: the digits without them are looked for when at least 9 are left (fewer would match other numbers).
 */
function cpfTexts(cpf: string): string[] {
  const digits = cpf.replace(/\D/g, '');
  if (digits.length !== 11) return [];
  const unpadded = digits.replace(/^0+/, '');
  return [unpadded.length >= 9 ? unpadded : digits, formatCpf(digits)];
}

/**
 * LGPD: a users import's failed rows (import_failures, kept for "Baixar linhas com erro") that hold an erased
 * person's e-mail or CPF are deleted, in the erasure's transaction. One DELETE over the users imports' failures,
 * matched in the cells' text (case ignored), never reading the table.
 */
export async function deleteImportFailuresOf(manager: EntityManager, person: { email: string | null; cpf: string | null }): Promise<void> {
  const texts = [...new Set([person.email?.trim().toLowerCase() ?? '', ...(person.cpf ? cpfTexts(person.cpf) : [])].filter((text) => text.length >= 3))];
  if (texts.length === 0) return;
  const kind: ImportKind = 'usuarios';
  await manager.query(
    `DELETE FROM import_failures
      WHERE import_id IN (SELECT id FROM imports WHERE kind = ?)
        AND (${texts.map(() => `LOWER(cells) LIKE ? ${LIKE_ESCAPE}`).join(' OR ')})`,
    [kind, ...texts.map((text) => `%${escapeLike(text)}%`)],
  );
}

/**
 * LGPD: users uploads analysed and not started may hold an erased person: they are cancelled in the erasure's
 * transaction (the person's account is not re-created by a later start), and the imports' sweep removes their
 * files within seconds, as it does for every ended import. An import already running ends with its file.
 */
export async function cancelWaitingUserImports(manager: EntityManager): Promise<void> {
  const kind: ImportKind = 'usuarios';
  await manager
    .getRepository(Import)
    .update({ kind, status: 'analisada' }, { status: 'cancelada', finishedAt: new Date(), heartbeatAt: null, runningAdminId: null });
}
