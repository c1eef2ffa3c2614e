import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { City } from '../cities/city.entity.js';
import { LogosModule } from '../logos/logos.module.js';
import { EnterpriseBilling } from './enterprise-billing.entity.js';
import { Enterprise } from './enterprise.entity.js';
import { EnterprisesApiController } from './enterprises.api.controller.js';
import { EnterprisesPagesController } from './enterprises.pages.controller.js';
import { EnterprisesService } from './enterprises.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Enterprise, EnterpriseBilling, City]), LogosModule],
  controllers: [EnterprisesApiController, EnterprisesPagesController],
  providers: [EnterprisesService],
  exports: [EnterprisesService],
})
export class EnterprisesModule {}
