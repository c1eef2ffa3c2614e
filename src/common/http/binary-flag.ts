import { Transform } from 'class-transformer';

/** A status flag sent as 1/0, true/false or their text forms, read as 1 or 0 (anything else is left for IsIn to refuse). */
export const ToBinaryFlag = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === true || value === 1 || value === '1' || value === 'true') return 1;
    if (value === false || value === 0 || value === '0' || value === 'false') return 0;
    return value;
  });
