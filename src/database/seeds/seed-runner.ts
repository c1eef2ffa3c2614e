import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { seedDevAdmin } from '../../access/dev-admin.seed.js';
import type { AppConfig } from '../../config/app-config.js';
import { seedManufacturerLogos } from '../../logos/manufacturer-logos.seed.js';
import { seedDemoAppUsers } from './demo-app-users.js';
import { seedDemoContacts } from './demo-contacts.js';
import { seedDemoEnterprises } from './demo-enterprises.js';
import { seedReferenceData } from './reference-data.js';

export interface Seeder {
  name: string;
  /** Demo data is for development and demonstrations only, never for production. */
  demo: boolean;
  /** Idempotent: a seeder that finds its data in place leaves it alone. Returns lines for the operator. */
  run(dataSource: DataSource, context: SeedContext): Promise<string[] | void>;
}

export interface SeedContext {
  config: AppConfig;
  logger: Logger;
}

export const SEEDERS: Seeder[] = [
  {
    name: 'reference data',
    demo: false,
    async run(dataSource, { logger }) {
      const counts = await seedReferenceData(dataSource);
      logger.debug(counts, 'Reference data in place');
    },
  },
  { name: 'manufacturer logos', demo: false, run: async (dataSource) => void (await seedManufacturerLogos(dataSource)) },
  { name: 'development admin', demo: true, run: (dataSource, { config }) => seedDevAdmin(dataSource, config) },
  { name: 'demo companies', demo: true, run: (dataSource) => seedDemoEnterprises(dataSource) },
  { name: 'demo app users', demo: true, run: (dataSource) => seedDemoAppUsers(dataSource) },
  { name: 'demo contacts', demo: true, run: (dataSource) => seedDemoContacts(dataSource) },
];

/** Runs the reference seeders, and the demo ones when asked; returns what they have to tell the operator. */
export async function runSeeds(dataSource: DataSource, options: SeedContext & { demo: boolean }): Promise<string[]> {
  // The configuration refuses SEED_DEMO in production; this holds for every other caller too.
  if (options.demo && options.config.env === 'production') throw new Error('Demo data and the development admin are never loaded in production');
  const notes: string[] = [];
  for (const seeder of SEEDERS) {
    if (seeder.demo && !options.demo) continue;
    notes.push(...((await seeder.run(dataSource, options)) ?? []));
  }
  return notes;
}
