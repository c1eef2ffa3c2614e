import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

// One chunk per page: the browser downloads only the page it shows. The public pages are never Inertia visits
// (the server answers one with a full page load): their own entry, public.tsx, draws them.
const pages = import.meta.glob<PageModule>(['./pages/**/*.tsx', '!./pages/Public/**']);

export async function resolvePage(name: string): Promise<ComponentType> {
  const load = pages[`./pages/${name}.tsx`];
  if (!load) throw new Error(`Página desconhecida: ${name}`);
  return (await load()).default;
}
