import type { ClassConstructor } from 'class-transformer';
import type { ObjectLiteral } from 'typeorm';
import { listStateFromUrl } from '../http/list-state.js';
import { inertia, type InertiaResponse } from '../../inertia/inertia-response.js';
import type { ListFilters, ResourceList } from './list-source.js';
import type { ResourceDeclaration } from './resource-routes.js';

/**
 * A declared resource's list page, with no page of its own: the generic page (Admin/Recurso) draws the page the
 * declaration describes, with the rows and counts of the filters in the URL (anything malformed falls back to the
 * list's defaults, as on every list page).
 */
export function resourcePage<Row extends ObjectLiteral, View, Filters extends ListFilters, Counts>(
  resource: ResourceDeclaration<Row, View, Filters, Counts>,
  list: ResourceList<Row, View, Filters, Counts>,
  query: Record<string, unknown>,
): InertiaResponse {
  if (!resource.page) throw new Error(`${resource.path} declares no page`);
  const state = { ...resource.list.defaults, page: 1, ...listStateFromUrl(resource.list.query as ClassConstructor<object>, query) } as Filters;
  // The page's filters as the URL shows them: every field the query has, empty when absent.
  const filters = { busca: '', ordem: '', sentido: '', ...state };
  return inertia('Admin/Recurso', {
    spec: resource.page,
    filters,
    rows: () => list.page(state),
    counts: () => list.counts(state),
  });
}
