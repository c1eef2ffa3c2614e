import { Link } from '@inertiajs/react';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

/** How long a toast stays. */
export const TOAST_DURATION_MS = 4500;

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

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const show = useCallback((kind: ToastKind, message: string, action?: ToastAction) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, kind, message, action }]);
    window.setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), TOAST_DURATION_MS);
  }, []);
  const colors: Record<ToastKind, string> = {
    success: 'border-brand-200 bg-brand-50 text-brand-900',
    error: 'border-red-200 bg-red-50 text-red-800',
    info: 'border-slate-200 bg-white text-slate-800',
  };
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2 px-4 sm:items-end sm:pr-6" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto w-full max-w-sm rounded-xl border px-4 py-3 text-sm font-medium shadow-lg ${colors[toast.kind]}`}
          >
            {toast.action ? (
              <span className="flex items-center justify-between gap-3">
                <span className="min-w-0 [overflow-wrap:anywhere]">{toast.message}</span>
                <Link href={toast.action.href} className="shrink-0 rounded-md px-2 py-1 font-semibold text-brand-800 underline hover:bg-brand-50">
                  {toast.action.label}
                </Link>
              </span>
            ) : (
              toast.message
            )}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
