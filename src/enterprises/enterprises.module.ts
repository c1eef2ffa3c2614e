import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CitiesModule } from '../cities/cities.module.js';
import { LogosModule } from '../logos/logos.module.js';
import { EnterpriseBilling } from './enterprise-billing.entity.js';
import { Enterprise } from './enterprise.entity.js';
import { EnterpriseListApiController, EnterprisesApiController } from './enterprises.api.controller.js';
import { EnterprisesRepository } from './enterprises.repository.js';
import { EnterpriseList } from './enterprises.resource.js';
import { EnterprisesPagesController } from './enterprises.pages.controller.js';
import { EnterprisesService } from './enterprises.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Enterprise, EnterpriseBilling]), LogosModule, CitiesModule],
  controllers: [EnterpriseListApiController, EnterprisesApiController, EnterprisesPagesController],
  providers: [EnterprisesService, EnterprisesRepository, EnterpriseList],
  exports: [EnterprisesService, EnterprisesRepository, EnterpriseList],
})
export class EnterprisesModule {}
