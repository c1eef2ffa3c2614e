import type { SyntheticEvent } from 'react';

export const PLACEHOLDER_LOGO = '/images/fabricantes/default.svg';

/** A logo that falls back to the placeholder when it is missing or fails to load. */
export function LogoImage({ src, alt, className = 'h-10 w-20' }: { src: string | null | undefined; alt: string; className?: string }) {
  function fallback(event: SyntheticEvent<HTMLImageElement>) {
    const image = event.currentTarget;
    if (!image.src.endsWith(PLACEHOLDER_LOGO)) image.src = PLACEHOLDER_LOGO;
  }
  return (
    <img
      src={src || PLACEHOLDER_LOGO}
      alt={alt}
      onError={fallback}
      loading="lazy"
      className={`${className} rounded-md border border-slate-200 bg-white object-contain p-0.5`}
    />
  );
}
