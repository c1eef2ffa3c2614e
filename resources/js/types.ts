/** Props every page receives from the server (shared props). */
export interface SharedProps {
  appName: string;
  site: { whatsappNumber: string };
  errors: Record<string, string>;
  [key: string]: unknown;
}
