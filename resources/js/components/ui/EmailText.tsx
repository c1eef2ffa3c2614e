import { Fragment } from 'react';

/**
 * An e-mail address that may wrap only where a reader expects it to (after '@', '-' and '_', before each dot), so a long
 * address is never cut off nor broken in the middle of a word; the tooltip holds it whole. A single part longer
 * than the line still wraps rather than overflowing.
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  const pieces = email.split(/(?<=[@_-])|(?=\.)/);
  return (
    <span title={email} className={`[overflow-wrap:anywhere] ${className}`}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
