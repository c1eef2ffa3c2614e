import { CreateLookupTables1763800000000 } from './1763800000000-CreateLookupTables.js';

/** Migrations in the order they run; a new one is added at the end. */
export const MIGRATIONS = [CreateLookupTables1763800000000];
