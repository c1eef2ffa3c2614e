import type { ColleagueChange, EditConflictState } from '../../lib/use-edit-conflict';
import { Button } from '../ui/Button';

/**
 * Shown in a form whose save met a colleague's change (412): who changed the record and when, each field they
 * changed with its value now, and the two ways on. The admin's own typing stays in the form below.
 */
export function ConflictPanel({ edit, busy }: { edit: Pick<EditConflictState, 'conflict' | 'keepMine' | 'useCurrent'>; busy?: boolean }) {
  const conflict = edit.conflict;
  if (!conflict) return null;
  const fields = conflict.campos_alterados;
  return (
    <section role="alert" aria-labelledby="conflito-titulo" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h3 id="conflito-titulo" className="font-semibold">
        {conflict.message}
      </h3>
      {fields.length > 0 && (
        <>
          <p className="mt-1">O que mudou desde que você abriu (seus valores continuam no formulário):</p>
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
            {fields.map((field) => (
              <div key={field.campo} className="contents">
                <dt className="font-medium [overflow-wrap:anywhere]">{field.rotulo}</dt>
                <dd className="[overflow-wrap:anywhere]" data-campo={field.campo}>
                  {field.oculto ? (
                    field.depois_texto
                  ) : (
                    <>
                      <span className="text-amber-800 line-through decoration-amber-500">{field.antes_texto}</span> → <strong>{field.depois_texto}</strong>
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={edit.keepMine} disabled={busy}>
          Manter as minhas alterações
        </Button>
        <Button variant="secondary" onClick={edit.useCurrent} disabled={busy}>
          Usar a versão atual
        </Button>
      </div>
    </section>
  );
}

/**
 * Shown in an open form when a colleague saves the same record (a live event): who, and "Ver alterações",
 * which shows what they changed in the conflict panel above, before this admin's save meets it.
 */
export function LiveChangeBanner({ edit }: { edit: { remote: ColleagueChange | null; preview(): Promise<void> | void; previewError?: string | null } }) {
  if (!edit.remote) return null;
  return (
    <section
      role="status"
      className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950 shadow-sm"
    >
      <p className="min-w-0 [overflow-wrap:anywhere]">
        <strong>
          {edit.remote.removido ? 'Excluído' : 'Alterado'} por {edit.remote.nome} agora há pouco.
        </strong>
        {edit.previewError && <span className="block text-red-800">{edit.previewError}</span>}
      </p>
      {!edit.remote.removido && (
        <Button variant="secondary" onClick={() => void edit.preview()}>
          Ver alterações
        </Button>
      )}
    </section>
  );
}
