import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { dayStartUtc } from '../sao-paulo-day.js';

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused), read as a São Paulo day. */
export function IsSaoPauloDay(options: ValidationOptions) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isSaoPauloDay',
      target: target.constructor,
      propertyName: property,
      options,
      validator: { validate: (value: unknown) => typeof value === 'string' && dayStartUtc(value) !== null },
    });
}

/** The first day of a range: not after the day in `otherProperty` (checked when both are real days). */
export function NotAfterDay(otherProperty: string, options: ValidationOptions) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'notAfterDay',
      target: target.constructor,
      propertyName: property,
      constraints: [otherProperty],
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          const other = (args.object as Record<string, unknown>)[otherProperty];
          if (typeof other !== 'string' || dayStartUtc(other) === null) return true;
          return typeof value === 'string' && value <= other;
        },
      },
    });
}
