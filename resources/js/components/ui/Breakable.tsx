import { Fragment } from 'react';
import { breakPieces } from '../../lib/list-format';

/** A text that keeps its words whole and breaks only a run too long for any column (see LONGEST_UNBROKEN). */
export function Breakable({ text }: { text: string }) {
  const pieces = breakPieces(text);
  if (pieces.length === 1) return <>{text}</>;
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
