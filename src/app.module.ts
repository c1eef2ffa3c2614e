import { OpenApiModule } from './openapi/openapi.module.js';
import { DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { KeptCountsModule } from './database/kept-counts.js';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { AuditModule } from './audit/audit.module.js';
import { HistoryModule } from './history/history.module.js';
import { HousekeepingModule } from './common/housekeeping.module.js';
import { AuthModule } from './auth/auth.module.js';
import { LOGIN_THROTTLERS } from './auth/login-limits.js';
import { CONTACT_THROTTLER } from './contacts/contacts.public.controller.js';
import { IMPORT_UPLOAD_THROTTLER } from './imports/imports.api.controller.js';
import { ContactsModule } from './contacts/contacts.module.js';
import { FindModule } from './find/find.module.js';
import { CitiesModule } from './cities/cities.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { EnterprisesModule } from './enterprises/enterprises.module.js';
import { IpsModule } from './ips/ips.module.js';
import { LogosModule } from './logos/logos.module.js';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter.js';
import { createValidationPipe } from './common/http/validation.pipe.js';
import { LOGGER } from './common/logging/logger.constants.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { HealthModule } from './health/health.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { InertiaModule } from './inertia/inertia.module.js';
import type { InertiaOptions } from './inertia/inertia.types.js';
import { SiteModule } from './site/site.module.js';
import { ACCOUNT_THROTTLERS } from './users/account-limits.js';
import { UsersModule } from './users/users.module.js';
import { TeamModule } from './team/team.module.js';
import { AccountAlertsModule } from './team/account-alerts.module.js';
import { LiveEventsModule } from './live/live-events.module.js';
import { LiveModule } from './live/live.module.js';
import { ImportsModule } from './imports/imports.module.js';
import { RedisThrottlerStorage } from './common/http/redis-throttler-storage.js';

export interface AppModuleOptions {
  config: AppConfig;
  dataSource: DataSource;
  inertia: InertiaOptions;
  logger: Logger;
  /** Modules added to the app's own (a resource declared in a test, say). */
  modules?: (Type | DynamicModule)[];
}

/** Every rate limit of the app, by name; routes pick theirs with @RateLimit(...). */
export const RATE_LIMITS = [...LOGIN_THROTTLERS, CONTACT_THROTTLER, ...ACCOUNT_THROTTLERS, IMPORT_UPLOAD_THROTTLER];

@Module({})
export class AppModule {
  static forRoot({ config, dataSource, inertia, logger, modules = [] }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // The data source is opened (and migrated) before Nest starts, so start-up failures are reported
        // as one clear line; Nest reuses it.
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSource.options,
          dataSourceFactory: async () => dataSource,
        }),
        InertiaModule.forRoot(inertia),
        // The one registry of rate limits; a route names the ones it is counted under with @RateLimit(...).
        // With REDIS_URL they count in Redis, shared by every instance; otherwise in this process's memory.
        ThrottlerModule.forRoot({
          errorMessage: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
          throttlers: RATE_LIMITS,
          ...(config.redis.url ? { storage: new RedisThrottlerStorage(config.redis.url, config.redis.keyPrefix) } : {}),
        }),
        KeptCountsModule,
        HousekeepingModule,
        AuditModule,
        HistoryModule,
        LiveEventsModule,
        HealthModule,
        MetricsModule,
        CitiesModule,
        UsersModule,
        AuthModule,
        IpsModule,
        AccountAlertsModule,
        TeamModule,
        LogosModule,
        EnterprisesModule,
        DashboardModule,
        ContactsModule,
        FindModule,
        LiveModule,
        ImportsModule,
        SiteModule,
        OpenApiModule,
        ...modules,
      ],
      providers: [
        { provide: LOGGER, useValue: logger },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
      exports: [LOGGER],
    };
  }
}
