import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { EnterprisesModule } from '../enterprises/enterprises.module.js';
import { UsersModule } from '../users/users.module.js';
import { FindApiController } from './find.api.controller.js';
import { FindService } from './find.service.js';

/** Finding anything from anywhere in the back office (the command palette). */
@Module({
  imports: [EnterprisesModule, UsersModule, ContactsModule],
  controllers: [FindApiController],
  providers: [FindService],
})
export class FindModule {}
