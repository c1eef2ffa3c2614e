// Data source for the TypeORM CLI (`npm run typeorm -- migration:show`, `migration:create`...), built from
// the same configuration and options as the app.
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config.js';
import { dataSourceOptions } from './src/database/data-source-options.js';

export default new DataSource(dataSourceOptions(loadConfig().db));
