import type { AuditAction } from '../shared/audit-actions.js';

export const AUDITED = 'agromaq:audited';

export interface AuditedOptions<R = never> {
  action: AuditAction;
  /** The kind of record the route changes; its id is the `:id` path parameter, unless `targetId` says. */
  target?: string;
  /** Where a route that creates its record finds the new id in its own response. */
  targetId?: (response: R) => number;
  /** Keep the request body's fields (secrets removed) as the summary. */
  body?: boolean;
  /** Keep the query string's fields as the summary (e.g. the filters of an export). */
  query?: boolean;
}
