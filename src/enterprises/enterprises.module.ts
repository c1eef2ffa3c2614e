import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CitiesModule } from '../cities/cities.module.js';
import { LogosModule } from '../logos/logos.module.js';
import { EnterpriseBilling } from './enterprise-billing.entity.js';
import { Enterprise } from './enterprise.entity.js';
import { EnterprisesApiController } from './enterprises.api.controller.js';
import { EnterprisesPagesController } from './enterprises.pages.controller.js';
import { EnterprisesService } from './enterprises.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Enterprise, EnterpriseBilling]), LogosModule, CitiesModule],
  controllers: [EnterprisesApiController, EnterprisesPagesController],
  providers: [EnterprisesService],
  exports: [EnterprisesService],
})
export class EnterprisesModule {}
