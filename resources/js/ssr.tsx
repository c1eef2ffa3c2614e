import { createInertiaApp } from '@inertiajs/react';
import type { Page } from '@inertiajs/core';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';

type PageModule = { default: ComponentType };

// The server renders only the public pages; they are bundled eagerly.
const pages = import.meta.glob<PageModule>('./pages/Public/**/*.tsx', { eager: true });

export default function render(page: Page) {
  return createInertiaApp({
    page,
    render: renderToString,
    title: (title) => title,
    resolve: (name) => {
      const module = pages[`./pages/${name}.tsx`];
      if (!module) throw new Error(`Página sem renderização no servidor: ${name}`);
      return module.default;
    },
    setup: ({ App, props }) => <App {...props} />,
  });
}
