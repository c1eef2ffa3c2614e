import { Link } from '@inertiajs/react';
import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/** How long a toast that only informs stays. */
export const TOAST_DURATION_MS = 4500;
/** How long a toast with an action ("Abrir") stays: time to read it and reach its button, by thumb or by keyboard. */
export const TOAST_ACTION_DURATION_MS = 12_000;
/** A toast let go (the pointer or the focus left it) stays at least this long more, never leaving under the pointer's last move. */
const TOAST_AFTER_HOLD_MS = 2_000;

type ToastKind = 'success' | 'error' | 'info';
/** A link a toast offers (a new contact's "Abrir"). */
export interface ToastAction {
  href: string;
  label: string;
}

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

const ToastContext = createContext<(kind: ToastKind, message: string, action?: ToastAction) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

const COLORS: Record<ToastKind, string> = {
  success: 'border-brand-200 bg-brand-50 text-brand-900',
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-slate-200 bg-white text-slate-800',
};

/**
 * The back office's toasts, at the bottom of the window (centred on phones, on the right from 640 px), clear of the
 * header's search, bell and profile; while a dialog rises from the bottom of a phone they move to its top (see
 * .toast-region in app.css). Each is announced politely and has its close button; one with an action stays longer,
 * and none leaves while the pointer is on it or the focus is in it. While toasts stand at the bottom, what the
 * keyboard focuses is scrolled clear of them (--toast-height, read by the scroll padding in base.css).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const region = useRef<HTMLDivElement>(null);
  const show = useCallback((kind: ToastKind, message: string, action?: ToastAction) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, kind, message, action }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  useEffect(() => {
    const box = region.current;
    if (!box) return;
    const top = box.getBoundingClientRect().top;
    const atBottom = toasts.length > 0 && top > window.innerHeight / 2;
    document.documentElement.style.setProperty('--toast-height', `${atBottom ? Math.ceil(window.innerHeight - top) : 0}px`);
  }, [toasts]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        ref={region}
        className="toast-region pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 px-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:items-end sm:pr-6"
        aria-live="polite"
      >
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** One toast: it leaves after its time, counted only while it is neither pointed at, nor focused, nor in a hidden tab. */
function ToastCard({ toast, onDismiss }: { toast: ToastItem; onDismiss: () => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(() => typeof document !== 'undefined' && document.hidden);
  const remaining = useRef(toast.action ? TOAST_ACTION_DURATION_MS : TOAST_DURATION_MS);
  const held = useRef(false);
  const leave = useRef(onDismiss);
  leave.current = onDismiss;

  useEffect(() => {
    const onVisibility = () => setHidden(document.hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    if (hovered || focused || hidden) {
      held.current = true;
      return;
    }
    if (held.current) remaining.current = Math.max(remaining.current, TOAST_AFTER_HOLD_MS);
    held.current = false;
    const started = Date.now();
    const timer = window.setTimeout(() => leave.current(), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [hovered, focused, hidden]);

  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex w-full max-w-sm items-center gap-1 rounded-xl border py-1.5 pr-1.5 pl-4 text-sm font-medium shadow-lg ${COLORS[toast.kind]}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
      }}
    >
      <span className="min-w-0 flex-1 py-2 [overflow-wrap:anywhere]">{toast.message}</span>
      {toast.action && (
        <Link
          href={toast.action.href}
          onClick={onDismiss}
          className="inline-flex h-11 shrink-0 items-center rounded-md px-3 font-semibold text-brand-800 underline hover:bg-brand-100"
        >
          {toast.action.label}
        </Link>
      )}
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Fechar aviso"
        title="Fechar aviso"
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md hover:bg-black/5"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
