import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { LocalLogoStorage, LogoStorage } from './logo-storage.js';
import { Logo } from './logo.entity.js';
import { S3LogoStorage } from './s3-logo-storage.js';
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
      useFactory: (config: AppConfig) => (config.s3 ? new S3LogoStorage(config.s3) : new LocalLogoStorage(config.uploadsDir)),
    },
  ],
  exports: [LogosService, LogoStorage],
})
export class LogosModule {}
