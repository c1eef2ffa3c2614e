// The site settings every page receives as a shared prop: a pure type, read by the server and the React pages.

/** Contact details and links shown on the public site; the spec leaves their values open. */
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
