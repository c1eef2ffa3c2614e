import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { EnterprisesModule } from '../enterprises/enterprises.module.js';
import { UsersModule } from '../users/users.module.js';
import { DashboardApiController } from './dashboard.api.controller.js';
import { DashboardPagesController } from './dashboard.pages.controller.js';
import { DashboardService } from './dashboard.service.js';

@Module({
  imports: [UsersModule, EnterprisesModule, ContactsModule],
  controllers: [DashboardApiController, DashboardPagesController],
  providers: [DashboardService],
})
export class DashboardModule {}
