import { describe, expect, it } from 'vitest';
import { importCountLabels, importSummary, IMPORT_KINDS_WORDS } from '../../src/shared/import.views.js';

// How an import speaks of its kind: one source of words for the dialog, the bell and the live events.
describe("an import's words", () => {
  it('name the kind and agree with it and with the number', () => {
    const counts = { processadas: 1_500, criadas: 1, atualizadas: 1_499, sem_alteracao: 0, falhas: 0 };
    expect(importSummary('usuarios', 'concluida', counts)).toBe('Importação de usuários concluída: 1 criado, 1.499 atualizados, 0 sem alteração, 0 com erro.');
    expect(importSummary('empresas', 'concluida', { ...counts, criadas: 1_500, atualizadas: 1 })).toBe(
      'Importação de empresas concluída: 1.500 criadas, 1 atualizada, 0 sem alteração, 0 com erro.',
    );
    expect(importCountLabels('usuarios')).toEqual({ criadas: 'Criados', atualizadas: 'Atualizados', sem_alteracao: 'Sem alteração', falhas: 'Com erro' });
    expect(importCountLabels('empresas').criadas).toBe('Criadas');
  });

  it('say, when cancelled, that the rows already written were kept', () => {
    expect(importSummary('usuarios', 'cancelada', { processadas: 1_000, criadas: 1_000, atualizadas: 0, sem_alteracao: 0, falhas: 0 })).toBe(
      'Importação de usuários cancelada: as 1.000 linhas já processadas foram mantidas (1.000 criados, 0 atualizados, 0 sem alteração, 0 com erro).',
    );
    expect(importSummary('empresas', 'cancelada', { processadas: 0, criadas: 0, atualizadas: 0, sem_alteracao: 0, falhas: 0 })).toBe(
      'Importação de empresas cancelada: nenhuma linha chegou a ser gravada.',
    );
  });

  it('link each kind to its own list and resource', () => {
    expect(IMPORT_KINDS_WORDS.usuarios).toMatchObject({ recurso: 'usuario', link: '/admin/usuarios', title: 'Importar usuários' });
    expect(IMPORT_KINDS_WORDS.empresas).toMatchObject({ recurso: 'empresa', link: '/admin/empresas', title: 'Importar empresas' });
    for (const words of Object.values(IMPORT_KINDS_WORDS)) expect(words.matched.toLowerCase()).toContain(words.plural);
  });
});
