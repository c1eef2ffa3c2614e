import { CreateLookupTables1763800000000 } from './1763800000000-CreateLookupTables.js';
import { CreateAdminAccess1763900000000 } from './1763900000000-CreateAdminAccess.js';

/** Migrations in the order they run; a new one is added at the end. */
export const MIGRATIONS = [CreateLookupTables1763800000000, CreateAdminAccess1763900000000];
