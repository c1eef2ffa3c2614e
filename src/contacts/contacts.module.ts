import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Admin } from '../auth/admin.entity.js';
import { Contact } from './contact.entity.js';
import { ContactListApiController, ContactsApiController } from './contacts.api.controller.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactList } from './contacts.resource.js';
import { ContactsPagesController } from './contacts.pages.controller.js';
import { ContactsPublicController } from './contacts.public.controller.js';
import { ContactsService } from './contacts.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Contact, Admin])],
  controllers: [ContactsPublicController, ContactListApiController, ContactsApiController, ContactsPagesController],
  providers: [ContactsService, ContactsRepository, ContactList],
  exports: [ContactsService],
})
export class ContactsModule {}
