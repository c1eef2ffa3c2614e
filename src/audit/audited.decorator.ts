import { SetMetadata } from '@nestjs/common';
import type { AuditAction } from '../shared/audit-actions.js';

export const AUDITED = 'agromaq:audited';

export interface AuditedOptions {
  action: AuditAction;
  /** The kind of record the route changes; its id comes from the `:id` path parameter or the response. */
  target?: string;
  /** Keep the request body's fields (secrets removed) as the summary. */
  body?: boolean;
}

/** Records the route's successful calls in the audit trail. */
export const Audited = (options: AuditedOptions) => SetMetadata(AUDITED, options);
