import { CalendarDays, ChartLine, Database, Headset, ShieldCheck, WifiOff, type LucideIcon } from 'lucide-react';
import type { Feature } from '../../content/features';

const ICONS: Record<Feature['icon'], LucideIcon> = {
  calendar: CalendarDays,
  chart: ChartLine,
  database: Database,
  offline: WifiOff,
  shield: ShieldCheck,
  support: Headset,
};

export function FeatureIcon({ icon }: { icon: Feature['icon'] }) {
  const Glyph = ICONS[icon];
  return <Glyph className="h-6 w-6" strokeWidth={1.8} aria-hidden="true" />;
}
