import type { AuditAction } from '../shared/audit-actions.js';

export const AUDITED = 'agromaq:audited';

export interface AuditedOptions<R = never> {
  action: AuditAction;
  /**
   * The kind of record the route changes (AUDIT_TARGETS); its id is the `:id` path parameter, unless `targetId`
   * says. A kind whose resource keeps a history gets the fields the write changed as its summary.
   */
  target?: string;
  /** Where a route that creates its record finds the new id in its own response. */
  targetId?: (response: R) => number;
  /**
   * The body is the change: keep its fields (secrets removed) as the summary when the record keeps no history,
   * and say "nothing changed" when a record that keeps one was saved as it was.
   */
  body?: boolean;
  /** Keep the query string's fields as the summary (e.g. the filters of an export). */
  query?: boolean;
}
