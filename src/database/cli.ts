// Database commands for operators: `migrate`, `revert` (the last migration) and `seed` (reference data,
// plus demo data unless NODE_ENV=production or --no-demo) and `check-text` (stored text the text rule refuses
// today, reported, never rewritten; exit code 3 when some is found). They use the same configuration as the app.
import { createLogger } from '../common/logging/logger.js';
import { ConfigError, loadConfig } from '../config/app-config.js';
import { DatabaseStartupError, describeDatabase, openDatabase } from './database.js';
import { runSeeds } from './seeds/seed-runner.js';
import { checkStoredText } from './check-text.js';

async function main(): Promise<void> {
  const [command, ...flags] = process.argv.slice(2);
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'silent' ? 'silent' : 'info');
  const dataSource = await openDatabase(config.db);
  try {
    switch (command) {
      case 'migrate': {
        const applied = await dataSource.runMigrations({ transaction: 'each' });
        console.log(applied.length ? `Applied ${applied.map((m) => m.name).join(', ')} on ${describeDatabase(config.db)}` : 'Nothing to migrate');
        break;
      }
      case 'revert':
        await dataSource.undoLastMigration({ transaction: 'each' });
        console.log(`Reverted the last migration on ${describeDatabase(config.db)}`);
        break;
      case 'seed': {
        await dataSource.runMigrations({ transaction: 'each' });
        const demo = flags.includes('--no-demo') ? false : config.env !== 'production';
        const notes = await runSeeds(dataSource, { demo, logger, config });
        notes.forEach((note) => console.log(note));
        console.log(`Seeded ${demo ? 'reference and demo' : 'reference'} data on ${describeDatabase(config.db)}`);
        break;
      }
      case 'check-text': {
        const findings = await checkStoredText(dataSource);
        if (findings.length === 0) {
          console.log(`No stored text breaks the text rule on ${describeDatabase(config.db)}`);
          break;
        }
        console.log(`Stored text the text rule refuses today, on ${describeDatabase(config.db)} (nothing was changed):`);
        for (const finding of findings) {
          const more = finding.count > finding.ids.length ? ` and ${finding.count - finding.ids.length} more` : '';
          console.log(`- ${finding.table}.${finding.column}: ${finding.count} row(s), ids ${finding.ids.join(', ')}${more}: ${finding.problem}`);
        }
        process.exitCode = 3;
        break;
      }
      default:
        console.error('Usage: cli.js migrate | revert | seed [--no-demo] | check-text');
        process.exitCode = 2;
    }
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.problems.join('; ')}`);
  else if (error instanceof DatabaseStartupError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
