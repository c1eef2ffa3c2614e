import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { EnterprisesModule } from '../enterprises/enterprises.module.js';
import { UsersModule } from '../users/users.module.js';
import { LiveApiController } from './live.api.controller.js';
import { LiveCounts } from './live-counts.js';
import { LiveStreams } from './live-streams.js';

/** The open event streams, the counts they carry and the bell's API (LiveEventsModule raises the events). */
@Module({
  imports: [AuthModule, UsersModule, EnterprisesModule, ContactsModule],
  controllers: [LiveApiController],
  providers: [LiveStreams, LiveCounts],
  exports: [LiveStreams],
})
export class LiveModule {}
