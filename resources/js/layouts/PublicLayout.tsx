import { Link, usePage } from '../public/page';
import { ArrowUp, ChevronDown, Menu, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FacebookIcon, InstagramIcon, LinkedinIcon, WhatsappIcon } from '../components/public/BrandIcons';
import { CookieBanner, loadTagManager, saveConsent, storedConsent } from '../components/public/CookieBanner';
import { Logo } from '../components/public/Logo';
import { StoreButtons } from '../components/public/StoreButtons';
import { BASE_MESSAGE, whatsappLink } from '../lib/whatsapp';
import type { SharedProps } from '../types';
import { useDismiss } from '../lib/use-dismiss';

interface PublicProps extends SharedProps {
  cookieConsent: boolean | null;
}

const GROUP = [
  { href: '/ajuda', label: 'Ajuda' },
  { href: '/sobre-nos', label: 'Sobre Nós' },
];

export function PublicLayout({ children }: { children: ReactNode }) {
  const { props, url } = usePage<PublicProps>();
  const { appName, site } = props;
  const path = url.split(/[?#]/)[0];
  const [menuOpen, setMenuOpen] = useState(false);
  const [groupOpen, setGroupOpen] = useState(false);
  const [dropdownOpen, setDropdownOpen] = useState(false);
  const [consent, setConsent] = useState<boolean | null>(props.cookieConsent);
  const [showTop, setShowTop] = useState(false);
  const [bannerHeight, setBannerHeight] = useState(0);
  const consentBefore = useRef<boolean | null>(props.cookieConsent);
  const dropdown = useRef<HTMLDivElement>(null);
  const dock = useRef<HTMLDivElement>(null);
  const chatUrl = whatsappLink(site.whatsappNumber, BASE_MESSAGE);

  useEffect(() => {
    const onScroll = () => setShowTop(window.scrollY > 600);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useDismiss(dropdownOpen, dropdown, () => setDropdownOpen(false));

  // The dock's height, for the page's scroll padding (base.css): what the keyboard brings into view stops above it.
  useEffect(() => {
    const element = dock.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--dock-height', `${Math.ceil(element.getBoundingClientRect().height)}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--dock-height');
    };
  }, []);

  useEffect(() => {
    document.body.style.overflow = menuOpen ? 'hidden' : '';
  }, [menuOpen]);

  // The browser's cookie is the truth: a page the service worker kept may carry an earlier answer than the one
  // the visitor gave since. The page takes it once drawn, and the tag manager never loads on an old "yes".
  useEffect(() => {
    const stored = storedConsent();
    if (stored === props.cookieConsent) return;
    consentBefore.current = stored;
    setConsent(stored);
  }, []);
  useEffect(() => {
    if (consent === true && storedConsent() === true && site.gtmId) loadTagManager(site.gtmId);
  }, [consent, site.gtmId]);

  const onBannerHeight = useCallback((height: number) => setBannerHeight(height), []);

  function choose(accepted: boolean) {
    const withdrawn = consentBefore.current === true && !accepted;
    saveConsent(accepted);
    setConsent(accepted);
    // The tag manager cannot be unloaded from a running page: start afresh without it.
    if (withdrawn) window.location.reload();
  }

  // 'Preferências de cookies' reopens the banner with the current choice still in force until a new one.
  function reviewConsent() {
    consentBefore.current = consent;
    setConsent(null);
  }

  const navLink = (href: string, label: string, className: string) => {
    const active = path === href;
    return (
      <Link
        href={href}
        aria-current={active ? 'page' : undefined}
        className={`${className} ${active ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700'}`}
      >
        {label}
      </Link>
    );
  };

  const social = [
    { href: site.instagramUrl, label: 'Instagram', icon: <InstagramIcon /> },
    { href: chatUrl, label: 'WhatsApp', icon: <WhatsappIcon /> },
  ];

  return (
    // While the banner is up, the page ends that much lower, so its last lines can be scrolled clear of it.
    <div className="flex min-h-screen flex-col" style={bannerHeight ? { paddingBottom: bannerHeight } : undefined}>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Pular para o conteúdo
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link href="/" aria-label={`${appName}: página inicial`}>
            <Logo appName={appName} />
          </Link>

          <nav aria-label="Principal" className="hidden items-center gap-7 md:flex">
            {navLink('/', 'Início', 'text-sm font-semibold')}
            {navLink('/contato', 'Contato', 'text-sm font-semibold')}
            <div className="relative" ref={dropdown}>
              <button
                type="button"
                onClick={() => setDropdownOpen((open) => !open)}
                aria-expanded={dropdownOpen}
                aria-controls="menu-empresa"
                className={`flex items-center gap-1 text-sm font-semibold ${GROUP.some((item) => item.href === path) ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700'}`}
              >
                {appName}
                <ChevronDown className={`h-4 w-4 transition ${dropdownOpen ? 'rotate-180' : ''}`} aria-hidden="true" />
              </button>
              {dropdownOpen && (
                <div id="menu-empresa" className="absolute right-0 mt-3 w-44 rounded-xl border border-slate-200 bg-white py-2 shadow-lg">
                  {GROUP.map((item) => (
                    <Link
                      key={item.href}
                      href={item.href}
                      aria-current={path === item.href ? 'page' : undefined}
                      className={`block px-4 py-2 text-sm ${path === item.href ? 'font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-50'}`}
                    >
                      {item.label}
                    </Link>
                  ))}
                </div>
              )}
            </div>
          </nav>

          <div className="hidden items-center gap-2 md:flex">
            {social.map((item) => (
              <a
                key={item.label}
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={item.label}
                className="rounded-full p-2 text-slate-500 hover:bg-brand-50 hover:text-brand-700"
              >
                {item.icon}
              </a>
            ))}
            <Link href="/admin/login" className="ml-2 rounded-full bg-brand-800 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-900">
              Acessar Painel
            </Link>
          </div>

          <button
            type="button"
            onClick={() => setMenuOpen((open) => !open)}
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label="Abrir menu"
            aria-expanded={menuOpen}
            aria-controls="menu-movel"
          >
            <Menu className="h-6 w-6" aria-hidden="true" />
          </button>
        </div>
      </header>

      {menuOpen && (
        <div className="fixed inset-0 z-50 bg-slate-900/50 md:hidden" onClick={() => setMenuOpen(false)} data-testid="menu-overlay" aria-hidden="true" />
      )}
      <aside
        id="menu-movel"
        aria-label="Menu"
        inert={!menuOpen}
        className={`fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-2xl transition-transform duration-200 md:hidden ${menuOpen ? 'translate-x-0' : 'translate-x-full'}`}
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
          <Logo appName={appName} />
          <button type="button" onClick={() => setMenuOpen(false)} className="rounded-lg p-2 text-slate-700 hover:bg-slate-100" aria-label="Fechar menu">
            <X className="h-6 w-6" aria-hidden="true" />
          </button>
        </div>
        <nav aria-label="Menu móvel" className="flex flex-1 flex-col gap-1 overflow-y-auto p-4">
          {navLink('/', 'Início', 'rounded-lg px-3 py-3 text-base font-semibold')}
          {navLink('/contato', 'Contato', 'rounded-lg px-3 py-3 text-base font-semibold')}
          <button
            type="button"
            onClick={() => setGroupOpen((open) => !open)}
            aria-expanded={groupOpen}
            aria-controls="grupo-movel"
            className="flex items-center justify-between rounded-lg px-3 py-3 text-left text-base font-semibold text-slate-700"
          >
            {appName}
            <ChevronDown className={`h-5 w-5 transition ${groupOpen ? 'rotate-180' : ''}`} aria-hidden="true" />
          </button>
          {groupOpen && (
            <div id="grupo-movel" className="ml-3 flex flex-col border-l border-slate-200 pl-3">
              {GROUP.map((item) => navLink(item.href, item.label, 'rounded-lg px-3 py-2.5 text-base'))}
            </div>
          )}
          <a
            href={chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 flex items-center gap-2 rounded-lg px-3 py-3 text-base font-semibold text-brand-800"
          >
            <WhatsappIcon /> Fale com a gente
          </a>
          <Link href="/admin/login" className="mt-auto rounded-full bg-brand-800 px-4 py-3 text-center font-semibold text-white hover:bg-brand-900">
            Acessar Painel
          </Link>
        </nav>
      </aside>

      <main id="conteudo" className="flex-1">
        {children}
      </main>

      <footer className="bg-brand-950 text-brand-100">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.3fr_1fr_1fr]">
          <div>
            <Logo appName={appName} light />
            <p className="mt-4 max-w-sm text-sm leading-relaxed text-brand-200">
              A plataforma de máquinas agrícolas para comprar, vender, avaliar e gerenciar tratores com segurança.
            </p>
            <div className="mt-6">
              <StoreButtons site={site} light />
            </div>
          </div>
          <nav aria-label="Rodapé">
            <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Links</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {[
                ['/contato', 'Contato'],
                ['/admin/login', 'Área do Gestor'],
                ['/ajuda', 'Central de Ajuda'],
                ['/', 'APP'],
                ['/excluir-conta', 'Excluir conta'],
                ['/sobre-nos', 'Sobre nós'],
              ].map(([href, label]) => (
                <li key={label}>
                  <Link href={href} className="text-brand-200 hover:text-white">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Redes sociais</h2>
            <div className="mt-4 flex gap-2">
              {[
                { href: site.linkedinUrl, label: 'LinkedIn', icon: <LinkedinIcon /> },
                { href: site.facebookUrl, label: 'Facebook', icon: <FacebookIcon /> },
                { href: site.instagramUrl, label: 'Instagram', icon: <InstagramIcon /> },
                { href: chatUrl, label: 'WhatsApp', icon: <WhatsappIcon /> },
              ].map((item) => (
                <a
                  key={item.label}
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={item.label}
                  className="rounded-full bg-white/10 p-2.5 text-white hover:bg-white/20"
                >
                  {item.icon}
                </a>
              ))}
            </div>
            <p className="mt-6 text-sm text-brand-200">{site.email}</p>
          </div>
        </div>
        <div className="border-t border-white/10">
          {/* Room at the end for the floating chat and back-to-top buttons, which would otherwise cover these lines. */}
          <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 pt-5 pb-24 text-sm text-brand-200 sm:flex-row sm:flex-wrap sm:justify-between sm:px-6 xl:pb-5">
            <p>© 2025 {appName}. Todos os direitos reservados.</p>
            <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
              <Link href="/politicasdeprivacidade.html" className="hover:text-white">
                Termos de Uso e Políticas de Privacidade
              </Link>
              <button type="button" onClick={reviewConsent} className="text-left hover:text-white">
                Preferências de cookies
              </button>
            </div>
          </div>
        </div>
      </footer>

      {/*
        One dock at the bottom of the screen: the floating buttons stand on the cookie banner while it is there,
        so neither covers the other, from the first paint on. It lets taps through between the buttons, and stays
        below the open menu and the modals (z-40 against their z-50).
      */}
      <div ref={dock} className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col">
        {/* A landmark of its own, so a screen reader's list of regions holds these two shortcuts too. */}
        <aside aria-label="Atalhos" className="flex items-end justify-between gap-4 px-4 pb-4">
          {showTop ? (
            <button
              type="button"
              onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
              aria-label="Voltar ao topo"
              className="pointer-events-auto rounded-full bg-white p-3 text-brand-800 shadow-lg ring-1 ring-slate-200 hover:bg-brand-50"
            >
              <ArrowUp className="h-5 w-5" aria-hidden="true" />
            </button>
          ) : (
            <span />
          )}
          {!menuOpen && (
            <a
              href={chatUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Fale com a gente pelo WhatsApp"
              data-testid="chat-flutuante"
              className="pointer-events-auto rounded-full bg-[#0f7a3f] p-3.5 text-white shadow-lg transition hover:scale-105"
            >
              <WhatsappIcon className="h-7 w-7" />
            </a>
          )}
        </aside>
        {consent === null && <CookieBanner onChoice={choose} onHeight={onBannerHeight} />}
      </div>
    </div>
  );
}
