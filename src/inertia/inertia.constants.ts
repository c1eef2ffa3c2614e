export const INERTIA_OPTIONS = Symbol('INERTIA_OPTIONS');
