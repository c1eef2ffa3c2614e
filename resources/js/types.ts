import type { SiteSettings } from '@shared/site.views';

export type { SiteSettings };

/** Props every page receives from the server (shared props). */
export interface SharedProps {
  appName: string;
  appUrl: string;
  site: SiteSettings;
  errors: Record<string, string>;
  [key: string]: unknown;
}
