import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { AuditInterceptor } from './audit.interceptor.js';
import { AUDITED, type AuditedOptions } from './audited.metadata.js';

export { AUDITED, type AuditedOptions } from './audited.metadata.js';

/**
 * Records the route's successful calls in the audit trail. The interceptor is bound to the marked routes only:
 * a read, the most common request, runs no interceptor at all.
 */
export const Audited = <R = never>(options: AuditedOptions<R>) => applyDecorators(SetMetadata(AUDITED, options), UseInterceptors(AuditInterceptor));
