import { Global, Module } from '@nestjs/common';
import { IpAccess } from '../auth/ip-access.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { AuthorizedIp } from './authorized-ip.entity.js';
import { IpGeolocator, MmdbGeolocator } from './geolocation.js';
import { IpsApiController } from './ips.api.controller.js';
import { IpsPagesController } from './ips.pages.controller.js';
import { IpsRepository } from './ips.repository.js';
import { IpsService } from './ips.service.js';

/** Global: it provides the IP rules auth checks at every request (IpAccess), without auth importing it. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuthorizedIp])],
  controllers: [IpsApiController, IpsPagesController],
  providers: [
    IpsService,
    IpsRepository,
    { provide: IpAccess, useExisting: IpsService },
    { provide: IpGeolocator, inject: [APP_CONFIG], useFactory: (config: AppConfig) => MmdbGeolocator.fromPackage(config.geoipDbPath) },
  ],
  exports: [IpsService, IpAccess],
})
export class IpsModule {}
