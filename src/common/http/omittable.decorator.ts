import { ValidateIf } from 'class-validator';

/**
 * A field a client may leave out but not send as null (`IsOptional` lets null through as if absent): present, it
 * passes its rules or is refused with their message, so `{"nome": null}` is a 400, not a null reaching the service.
 */
export const IsOmittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
