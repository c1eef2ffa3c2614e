/**
 * Prop kinds of the Inertia protocol. A plain function prop is evaluated only when the response includes
 * it; `optional` props are left out unless a partial reload asks for them; `defer` props are left out of the
 * first response and announced in `deferredProps` so the client fetches them right after; `always` props
 * are sent even when a partial reload did not ask for them.
 */
type Resolver<T = unknown> = () => T | Promise<T>;

export class OptionalProp {
  constructor(readonly resolve: Resolver) {}
}

export class DeferredProp {
  constructor(
    readonly resolve: Resolver,
    readonly group: string,
  ) {}
}

export class AlwaysProp {
  constructor(readonly value: unknown) {}
}

export const optional = (resolve: Resolver) => new OptionalProp(resolve);
export const defer = (resolve: Resolver, group = 'default') => new DeferredProp(resolve, group);
export const always = (value: unknown) => new AlwaysProp(value);

export interface PartialRequest {
  /** Props the client asked for (X-Inertia-Partial-Data); null when it named none. */
  only: string[] | null;
  /** Props the client asked to leave out (X-Inertia-Partial-Except); wins over `only`. */
  except: string[] | null;
}

export interface ResolvedProps {
  props: Record<string, unknown>;
  deferredProps?: Record<string, string[]>;
}

/** Picks the props a response carries and evaluates only those. `partial` is null on a full visit. */
export async function resolveProps(props: Record<string, unknown>, partial: PartialRequest | null): Promise<ResolvedProps> {
  const selected: [string, unknown][] = [];
  const deferred: Record<string, string[]> = {};

  for (const [key, value] of Object.entries(props)) {
    if (key === 'errors' || value instanceof AlwaysProp) {
      selected.push([key, value]);
      continue;
    }
    if (partial === null) {
      if (value instanceof DeferredProp) (deferred[value.group] ??= []).push(key);
      else if (!(value instanceof OptionalProp)) selected.push([key, value]);
      continue;
    }
    if (partial.except?.includes(key)) continue;
    if (partial.only && !partial.only.includes(key)) continue;
    selected.push([key, value]);
  }

  const resolved: Record<string, unknown> = {};
  await Promise.all(
    selected.map(async ([key, value]) => {
      resolved[key] = await evaluate(value);
    }),
  );
  return Object.keys(deferred).length > 0 ? { props: resolved, deferredProps: deferred } : { props: resolved };
}

async function evaluate(value: unknown): Promise<unknown> {
  if (value instanceof AlwaysProp) return evaluate(value.value);
  if (value instanceof OptionalProp || value instanceof DeferredProp) return value.resolve();
  if (typeof value === 'function') return (value as Resolver)();
  return value;
}
