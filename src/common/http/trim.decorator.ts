import { Transform } from 'class-transformer';

/** Trims a string field before it is validated (other values are left for the validators to refuse). */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Trims a string field and turns an empty one into null: an optional field left blank is "not informed". */
export const TrimToNull = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  });
