import { usePage } from '@inertiajs/react';
import { Download } from 'lucide-react';
import { useRef, useState, type MouseEvent } from 'react';
import type { SensitiveDownloads } from '@shared/session.views';
import { api } from '../../lib/api';
import { AUTOMATIC, markActivity, requestStepUp } from '../../lib/session-guard';
import { useDismiss } from '../../lib/use-dismiss';

/** An export starts with at least this much of the confirmation left, or the dialog asks for a code first. */
const CONFIRMATION_MARGIN_MS = 15_000;

/**
 * "Exportar": the list's current filter, search and order as a file, every row (streamed by the server, so the
 * browser saves it as it arrives). CSV opens right in Excel in Portuguese; XLSX keeps numbers and dates typed.
 */
export function ExportMenu({ path, query }: { path: string; query: Record<string, string | number> }) {
  const [open, setOpen] = useState(false);
  // The menu opens towards the middle of the screen: leftwards from a button on the right, else rightwards.
  const [alignRight, setAlignRight] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  // The export's words as the server names the action ("exportar os contatos"), for the confirmation dialog.
  const action = usePage<{ acoesSensiveis?: SensitiveDownloads | null }>().props.acoesSensiveis?.[`${path}/exportar`];
  useDismiss(open, box, () => setOpen(false));
  const href = (formato: 'csv' | 'xlsx') => {
    const params = new URLSearchParams({ formato });
    for (const [key, value] of Object.entries(query)) if (value !== '' && key !== 'page') params.set(key, String(value));
    return `/api${path}/exportar?${params}`;
  };
  // The menu closes after the link's own navigation has started: a link taken out of the page first saves nothing.
  const closeSoon = () => setTimeout(() => setOpen(false));
  // An export is a sensitive action: without a recent 2FA confirmation the dialog asks for a code first, and the
  // file is then saved as it streams (a link, not a copy held in memory).
  const follow = async (event: MouseEvent<HTMLAnchorElement>) => {
    const link = event.currentTarget;
    if (link.dataset.confirmed === '1') {
      delete link.dataset.confirmed;
      closeSoon();
      return;
    }
    event.preventDefault();
    markActivity();
    try {
      const state = await api('GET', '/admin/sessao', undefined, AUTOMATIC);
      if (Date.parse(state.confirmadaAte) - Date.now() < CONFIRMATION_MARGIN_MS && !(await requestStepUp(action))) return;
    } catch {
      return;
    }
    link.dataset.confirmed = '1';
    link.click();
  };
  const item = 'block rounded-md px-3 py-2.5 text-sm text-slate-700 hover:bg-slate-100';
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        onClick={() => {
          const bounds = box.current?.getBoundingClientRect();
          setAlignRight(!bounds || bounds.left + bounds.width / 2 > window.innerWidth / 2);
          setOpen((value) => !value);
        }}
        aria-expanded={open}
        aria-haspopup="menu"
        className="inline-flex h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-700 hover:bg-slate-50 xl:h-10"
      >
        <Download className="h-4 w-4" aria-hidden />
        Exportar
      </button>
      {open && (
        <div
          role="menu"
          aria-label="Exportar"
          className={`mt-1 w-56 sm:absolute sm:z-20 ${alignRight ? 'sm:right-0' : 'sm:left-0'} rounded-lg border border-slate-200 bg-white p-1 shadow-lg`}
        >
          <a role="menuitem" href={href('csv')} download className={item} onClick={follow}>
            CSV (Excel)
          </a>
          <a role="menuitem" href={href('xlsx')} download className={item} onClick={follow}>
            Planilha XLSX
          </a>
        </div>
      )}
    </div>
  );
}
