import type { ReactNode } from 'react';
import { Logo } from '../components/public/Logo';
import { PageTitle } from '../components/ui/PageTitle';

/**
 * The back office's pages before a session (the login, the invitation): the brand's gradient, the logo as the
 * page's header, the card as its main landmark and an optional footer, so every part is inside a landmark.
 */
export function GateLayout({ appName, wide = false, children, footer }: { appName: string; wide?: boolean; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 px-4 py-10">
      <PageTitle />
      <div className={`w-full ${wide ? 'max-w-md' : 'max-w-sm'}`}>
        <header className="mb-6 flex justify-center">
          <Logo appName={appName} light />
        </header>
        <main className="rounded-2xl bg-white p-6 shadow-xl sm:p-8">{children}</main>
        {footer && <footer className="mt-6 text-center text-sm">{footer}</footer>}
      </div>
    </div>
  );
}
