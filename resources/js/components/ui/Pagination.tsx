import { Button } from './Button';

/** 'Página X de Y' with Anterior and Próxima; nothing when everything fits on one page. */
export function Pagination({ page, totalPages, onChange }: { page: number; totalPages: number; onChange: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Paginação" className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        Anterior
      </Button>
      <span className="text-sm text-slate-600" aria-live="polite">
        Página {page} de {totalPages}
      </span>
      <Button variant="secondary" onClick={() => onChange(page + 1)} disabled={page >= totalPages}>
        Próxima
      </Button>
    </nav>
  );
}
