import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { LocalLogoStorage, LogoStorage } from './logo-storage.js';
import { Logo } from './logo.entity.js';
import { LogoUploadInterceptor } from './logo-upload.interceptor.js';
import { LogosApiController } from './logos.api.controller.js';
import { LogosService } from './logos.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Logo])],
  controllers: [LogosApiController],
  providers: [
    LogosService,
    LogoUploadInterceptor,
    // With S3_BUCKET every instance keeps its uploads in one object store; otherwise the local folder.
    {
      provide: LogoStorage,
      inject: [APP_CONFIG],
      // The S3 client is loaded only when it is used: one instance on its own folder does not carry it.
      useFactory: async (config: AppConfig) =>
        config.s3 ? new (await import('./s3-logo-storage.js')).S3LogoStorage(config.s3) : new LocalLogoStorage(config.uploadsDir),
    },
  ],
  exports: [LogosService, LogoStorage],
})
export class LogosModule {}
