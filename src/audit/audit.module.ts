import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEntry } from './audit-entry.entity.js';
import { AuditApiController } from './audit.api.controller.js';
import { AuditPagesController } from './audit.pages.controller.js';
import { AuditService } from './audit.service.js';

/** Global: every domain's controllers mark their writes with @Audited, and login records itself. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry])],
  controllers: [AuditApiController, AuditPagesController],
  providers: [AuditService],
  exports: [AuditService],
})
export class AuditModule {}
