import '../css/app.css';
import { createInertiaApp } from '@inertiajs/react';
import { resolvePage } from './pages';

void createInertiaApp({
  resolve: resolvePage,
  title: (title) => title,
  progress: { color: '#facc15', delay: 150 },
});
