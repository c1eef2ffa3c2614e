import { conflictAuthor, type ColleagueChange, type EditConflictState, type Overwrite } from '../../lib/use-edit-conflict';
import { Button } from '../ui/Button';

/**
 * Shown in a form whose save met a colleague's change (412), or after "Ver alterações": who changed the record
 * and when, each field they changed with its value now, and the two ways on. The fields this admin did not touch
 * already show the current values; their own typing stays in the form below, and what "Manter as minhas
 * alterações" would replace of the colleague's values is listed, theirs → this admin's. `more`: such values the
 * form keeps outside its fields (a company's billing address).
 */
export function ConflictPanel({
  edit,
  busy,
  more = [],
}: {
  edit: Pick<EditConflictState, 'conflict' | 'keepMine' | 'useCurrent' | 'overwrites'>;
  busy?: boolean;
  more?: Overwrite[];
}) {
  const conflict = edit.conflict;
  if (!conflict) return null;
  const fields = conflict.campos_alterados;
  const overwrites = [...edit.overwrites, ...more];
  const author = conflictAuthor(conflict);
  return (
    <section role="alert" aria-labelledby="conflito-titulo" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h3 id="conflito-titulo" className="font-semibold">
        {conflict.message}
      </h3>
      {fields.length > 0 && (
        <>
          <p className="mt-1">O que mudou desde que você abriu (os campos que você não alterou já mostram estes valores):</p>
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
      <div className="mt-3 border-t border-amber-200 pt-3" data-testid="conflito-substitui">
        {overwrites.length > 0 ? (
          <>
            <p>
              “Manter as minhas alterações” substitui {overwrites.length === 1 ? 'este valor salvo' : 'estes valores salvos'} por {author} pelo seu:
            </p>
            <ul className="mt-1 space-y-1">
              {overwrites.map((overwrite) => (
                <li key={overwrite.campo} className="[overflow-wrap:anywhere]" data-campo={overwrite.campo}>
                  {/* Each value moves to the next line whole rather than breaking at its hyphen. */}
                  <span className="font-medium">{overwrite.rotulo}:</span>{' '}
                  <span className="inline-block max-w-full line-through decoration-amber-500">{overwrite.deles}</span> →{' '}
                  <strong className="inline-block max-w-full">{overwrite.seu}</strong>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>“Manter as minhas alterações” grava só o que você alterou, sem substituir nada do que foi salvo por {author}.</p>
        )}
      </div>
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
