// Backups for operators: `backup [--out DIR]` writes a dated archive of the database and the uploads (default
// var/backups); `restore FILE` brings one back into an empty database and uploads. Same configuration as the app.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/app-config.js';
import { describeDatabase } from '../database/database.js';
import { BackupError, createBackup, restoreBackup } from './backup.js';

const USAGE = 'Usage: npm run backup [-- --out DIR]  |  npm run restore -- FILE';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string', default: 'var/backups' } } });
  const [command, file] = positionals;
  const config = loadConfig();
  const uploads = config.s3 ? `the bucket ${config.s3.bucket}` : config.uploadsDir;
  if (command === 'backup') {
    const started = Date.now();
    const { file: archive, manifest } = await createBackup(config, values.out);
    console.log(
      `Backed up ${describeDatabase(config.db)} and ${manifest.uploads.files} uploaded files from ${uploads} into ${archive} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  } else if (command === 'restore' && file) {
    const manifest = await restoreBackup(config, file);
    console.log(`Restored the backup of ${manifest.createdAt} into ${describeDatabase(config.db)} and ${manifest.uploads.files} files into ${uploads}`);
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.problems.join('; ')}`);
  else if (error instanceof BackupError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
