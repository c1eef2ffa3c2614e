import { Fragment } from 'react';
import { breakPieces } from '../../lib/list-format';

/**
 * An e-mail address that may wrap only where a reader expects it to (after '@', '-' and '_', before each dot), so a long
 * address is never cut off nor broken in the middle of a word; the tooltip holds it whole. A single part longer
 * than LONGEST_UNBROKEN gets break points of its own, so it never widens a table's column.
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  const pieces = email.split(/(?<=[@_-])|(?=\.)/).flatMap((piece) => breakPieces(piece));
  return (
    <span title={email} className={`[overflow-wrap:break-word] ${className}`}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
