import type { LucideIcon } from 'lucide-react';

const TONES = {
  neutral: 'text-slate-600 hover:bg-slate-100',
  danger: 'text-red-600 hover:bg-red-50',
  brand: 'text-brand-700 hover:bg-brand-50',
};

/**
 * A row action shown as an icon: 44 px square (a finger's tap target) where lists are cards, 36 px in the wide
 * table, where a mouse points. The label is both the accessible name and the tooltip.
 */
const SHAPE = 'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg xl:h-9 xl:w-9';

interface IconActionProps {
  label: string;
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  /** The tooltip, when it should say less than the accessible name. */
  title?: string;
}

export function IconButton({
  label,
  icon: Icon,
  tone = 'neutral',
  title,
  onClick,
  disabled = false,
  spinning = false,
}: IconActionProps & { onClick: () => void; disabled?: boolean; spinning?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={title ?? label}
      className={`${SHAPE} ${TONES[tone]} disabled:cursor-not-allowed disabled:opacity-40`}
    >
      <Icon className={`h-[18px] w-[18px] ${spinning ? 'animate-spin' : ''}`} aria-hidden="true" />
    </button>
  );
}

export function IconLink({ label, icon: Icon, tone = 'neutral', title, href, external = false }: IconActionProps & { href: string; external?: boolean }) {
  return (
    <a
      href={href}
      aria-label={label}
      title={title ?? label}
      className={`${SHAPE} ${TONES[tone]}`}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <Icon className="h-[18px] w-[18px]" aria-hidden="true" />
    </a>
  );
}
