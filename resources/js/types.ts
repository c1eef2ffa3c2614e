/** Site settings from the server's configuration (SiteConfig). */
export interface SiteSettings {
  whatsappNumber: string;
  gtmId: string | null;
  email: string;
  address: string;
  iosAppUrl: string;
  androidAppUrl: string;
  instagramUrl: string;
  facebookUrl: string;
  linkedinUrl: string;
}

/** Props every page receives from the server (shared props). */
export interface SharedProps {
  appName: string;
  appUrl: string;
  site: SiteSettings;
  errors: Record<string, string>;
  [key: string]: unknown;
}
