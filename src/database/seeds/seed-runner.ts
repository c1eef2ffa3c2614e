import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { seedReferenceData } from './reference-data.js';

export interface Seeder {
  name: string;
  /** Demo data is for development and demonstrations only, never for production. */
  demo: boolean;
  /** Idempotent: a seeder that finds its data in place leaves it alone. */
  run(dataSource: DataSource, logger: Logger): Promise<void>;
}

export const SEEDERS: Seeder[] = [
  {
    name: 'reference data',
    demo: false,
    async run(dataSource, logger) {
      const counts = await seedReferenceData(dataSource);
      logger.debug(counts, 'Reference data in place');
    },
  },
];

/** Runs the reference seeders, and the demo ones when asked. */
export async function runSeeds(dataSource: DataSource, options: { demo: boolean; logger: Logger }): Promise<void> {
  for (const seeder of SEEDERS) {
    if (seeder.demo && !options.demo) continue;
    await seeder.run(dataSource, options.logger);
  }
}
