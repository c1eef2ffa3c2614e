/** What a page controller returns: the component to render and its props; the adapter does the rest. */
export class InertiaResponse {
  constructor(
    readonly component: string,
    readonly props: Record<string, unknown>,
    readonly options: { encryptHistory?: boolean; clearHistory?: boolean } = {},
  ) {}
}

export function inertia(component: string, props: Record<string, unknown> = {}, options: InertiaResponse['options'] = {}): InertiaResponse {
  return new InertiaResponse(component, props, options);
}
