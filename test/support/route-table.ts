import { registeredRoutes as routesOf, type RegisteredRoute } from '../../src/common/http/route-table.js';
import type { TestApp } from './test-app.js';

export type { RegisteredRoute };

/** Every route the app under test registered, with who may call it. */
export function registeredRoutes(sut: TestApp): RegisteredRoute[] {
  return routesOf(sut.app);
}

/** A concrete URL for a route, its path parameters filled with `value`. */
export function concretePath(path: string, value: string): string {
  return path.replace(/:\w+/g, encodeURIComponent(value));
}
