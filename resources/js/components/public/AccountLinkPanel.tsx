import type { ReactNode } from 'react';

/**
 * The card of a page opened from an e-mailed link (password reset, account deletion): why the link cannot be
 * used, the message once done, or the form.
 */
export function AccountLinkPanel({ problem, done, children }: { problem: string | null; done: string | null; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-14 sm:px-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {problem !== null ? (
          <p role="alert" className="text-slate-700">
            {problem}
          </p>
        ) : done !== null ? (
          <p role="status" className="text-brand-900">
            {done}
          </p>
        ) : (
          children
        )}
      </div>
    </section>
  );
}
