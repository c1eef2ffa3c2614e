import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Admin } from '../auth/admin.entity.js';
import { CitiesModule } from '../cities/cities.module.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { EnterprisesModule } from '../enterprises/enterprises.module.js';
import { LogosModule } from '../logos/logos.module.js';
import { UsersModule } from '../users/users.module.js';
import { ImportFailure } from './import-failure.entity.js';
import { ImportFiles, LocalImportFiles, S3ImportFiles } from './import-files.js';
import { Import } from './import.entity.js';
import { ImportsApiController } from './imports.api.controller.js';
import { ImportsRepository } from './imports.repository.js';
import { ImportsService } from './imports.service.js';

/** Importing spreadsheets of companies and app users; the uploads go where the logos go (a folder, or the object store). */
@Module({
  imports: [TypeOrmModule.forFeature([Import, ImportFailure, Admin]), EnterprisesModule, UsersModule, CitiesModule, LogosModule],
  controllers: [ImportsApiController],
  providers: [
    ImportsService,
    ImportsRepository,
    {
      provide: ImportFiles,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.s3 ? new S3ImportFiles(config.s3) : new LocalImportFiles(`${config.uploadsDir}/imports`)),
    },
  ],
})
export class ImportsModule {}
