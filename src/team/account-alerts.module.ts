import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountEvents } from '../auth/account-events.js';
import { Admin } from '../auth/admin.entity.js';
import { MailModule } from '../mail/mail.module.js';
import { AccountEvent } from './account-event.entity.js';
import { AccountAlertsService } from './account-alerts.service.js';

/**
 * Global: it provides the account's security alerts to login (AccountEvents, without auth importing the team
 * module, which imports auth), to the team and profile screens and to the IP screen.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AccountEvent, Admin]), MailModule],
  providers: [AccountAlertsService, { provide: AccountEvents, useExisting: AccountAlertsService }],
  exports: [AccountAlertsService, AccountEvents],
})
export class AccountAlertsModule {}
