import { router } from '@inertiajs/react';
import { Building2, CornerDownLeft, Loader2, MessageSquareText, Search, Users, X, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FindResult, FoundGroup } from '@shared/find.views';
import { api, sessionEnded } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** Fewer characters than this find too much to be of use. */
const MIN_CHARS = 2;
const MAX_CHARS = 100;

const GROUPS: { key: keyof FindResult; label: string; icon: LucideIcon; all: (total: number) => string }[] = [
  { key: 'empresas', label: 'Empresas', icon: Building2, all: (total) => `Ver todas as ${total.toLocaleString('pt-BR')} empresas` },
  { key: 'usuarios', label: 'Usuários do App', icon: Users, all: (total) => `Ver todos os ${total.toLocaleString('pt-BR')} usuários` },
  { key: 'contatos', label: 'Contatos', icon: MessageSquareText, all: () => '' },
];

interface Option {
  id: string;
  url: string;
  title: string;
  detail?: string;
  /** A "see them all" row, not a record. */
  all?: boolean;
}

/** The options of a group: its records, then "see all" when the list holds more than shown. */
function groupOptions(key: string, group: FoundGroup, all: (total: number) => string): Option[] {
  const options: Option[] = group.items.map((item) => ({ id: `${key}-${item.id}`, url: item.url, title: item.titulo, detail: item.detalhe }));
  if (group.todos_url && group.total !== null && group.total > group.items.length)
    options.push({ id: `${key}-todos`, url: group.todos_url, title: all(group.total), all: true });
  return options;
}

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

/** Opens the palette with Ctrl+K (⌘K) anywhere, or "/" outside a field. */
export function usePaletteShortcut(open: () => void) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        open();
      } else if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) {
        event.preventDefault();
        open();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

/**
 * Find anything from anywhere: a name, e-mail, CPF, CNPJ, city or phone jumps to the company, app user or
 * contact message, with the keyboard only (arrows, Enter, Esc). Companies and users are found by the rules of
 * their lists' search boxes.
 */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<FindResult | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'error'>('idle');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const asked = useRef(0);
  const baseId = useId();
  const query = useDebouncedValue(text.trim(), 200);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    inputRef.current?.focus();
    inputRef.current?.select();
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    if (query.length < MIN_CHARS) {
      asked.current++;
      setResult(null);
      setState('idle');
      return;
    }
    const ticket = ++asked.current;
    setState('loading');
    api('GET', `/admin/busca?${new URLSearchParams({ q: query })}`)
      .then((found) => {
        if (ticket !== asked.current) return;
        setResult(found);
        setActive(0);
        setState('done');
      })
      .catch((failure: unknown) => {
        if (ticket !== asked.current || sessionEnded(failure)) return;
        setState('error');
      });
  }, [query, open]);

  const groups = useMemo(
    () =>
      result
        ? GROUPS.map((group) => ({ ...group, options: groupOptions(group.key, result[group.key], group.all) })).filter((group) => group.options.length > 0)
        : [],
    [result],
  );
  const options = groups.flatMap((group) => group.options);
  const optionId = (option: Option) => `${baseId}-${option.id}`;

  useEffect(() => {
    const current = options[active];
    if (current) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  if (!open) return null;

  function go(option: Option | undefined) {
    if (!option) return;
    onClose();
    setText('');
    router.visit(option.url);
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setActive((index) => (index - 1 + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(options[active]);
    } else if (event.key === 'Tab') {
      // The palette keeps the focus: its one field drives everything.
      event.preventDefault();
    }
  }

  const listId = `${baseId}-resultados`;
  const typed = text.trim();
  const message =
    typed.length < MIN_CHARS
      ? `Digite ao menos ${MIN_CHARS} caracteres para buscar.`
      : state === 'error'
        ? 'Falha na busca. Tente novamente.'
        : state === 'loading' || query !== typed
          ? 'Buscando…'
          : state === 'done' && options.length === 0
            ? `Nada encontrado para “${typed}”.`
            : '';
  return (
    <div className="fixed inset-0 z-[60] flex items-start justify-center bg-slate-900/50 p-3 pt-[8vh] sm:p-6 sm:pt-[12vh]" onMouseDown={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Buscar em tudo"
        className="flex max-h-[80vh] w-full max-w-2xl flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-900/10"
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <div className="flex items-center gap-3 border-b border-slate-200 px-4">
          {state === 'loading' ? (
            <Loader2 className="h-5 w-5 shrink-0 animate-spin text-slate-400" aria-hidden />
          ) : (
            <Search className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
          )}
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            aria-label="Buscar empresas, usuários e contatos"
            aria-expanded={options.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={options[active] ? optionId(options[active]) : undefined}
            value={text}
            maxLength={MAX_CHARS}
            onChange={(event) => setText(event.target.value)}
            placeholder="Nome, e-mail, CPF, CNPJ, cidade ou telefone…"
            className="palette-input h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-400"
            autoComplete="off"
            spellCheck={false}
          />
          <button type="button" onClick={onClose} className="-mr-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100" aria-label="Fechar busca">
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>

        {/* Focus stays in the search field (the options are its active descendants); the list's scroll is also in the
            tab order while it has results, so a keyboard can scroll through more than the dialog shows at once. */}
        <div
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain py-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
          role={options.length > 0 ? 'region' : undefined}
          aria-label={options.length > 0 ? 'Lista de resultados' : undefined}
          tabIndex={options.length > 0 ? 0 : undefined}
        >
          {/* The status message is the listbox's neighbour, never its child: a listbox holds options and groups only. */}
          <div ref={listRef} id={listId} role="listbox" aria-label="Resultados">
            {groups.map((group) => (
              <div key={group.key} role="group" aria-label={group.label} className="pb-1">
                <div className="flex items-center gap-2 px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase" aria-hidden>
                  <group.icon className="h-3.5 w-3.5" />
                  {group.label}
                </div>
                {group.options.map((option) => {
                  const index = options.indexOf(option);
                  const selected = index === active;
                  return (
                    <div
                      key={option.id}
                      id={optionId(option)}
                      role="option"
                      aria-selected={selected}
                      onMouseMove={() => setActive(index)}
                      onClick={() => go(option)}
                      className={`mx-2 flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ${selected ? 'bg-brand-50 ring-1 ring-brand-200' : ''}`}
                    >
                      <div className="min-w-0 flex-1">
                        <div className={`truncate text-sm ${option.all ? 'font-medium text-brand-800' : 'font-semibold text-slate-900'}`} title={option.title}>
                          {option.title}
                        </div>
                        {option.detail && (
                          <div className="truncate text-xs text-slate-500" title={option.detail}>
                            {option.detail}
                          </div>
                        )}
                      </div>
                      {selected && <CornerDownLeft className="h-4 w-4 shrink-0 text-brand-700" aria-hidden />}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          <p className={`text-sm text-slate-600 ${message ? 'px-4 py-3' : ''}`} role="status">
            {message}
          </p>
        </div>

        <div className="hidden items-center gap-4 border-t border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-500 sm:flex">
          <span>
            <kbd className="rounded border border-slate-300 bg-white px-1">↑</kbd> <kbd className="rounded border border-slate-300 bg-white px-1">↓</kbd>{' '}
            navegar
          </span>
          <span>
            <kbd className="rounded border border-slate-300 bg-white px-1">Enter</kbd> abrir
          </span>
          <span>
            <kbd className="rounded border border-slate-300 bg-white px-1">Esc</kbd> fechar
          </span>
        </div>
      </div>
    </div>
  );
}
