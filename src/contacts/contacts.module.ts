import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Admin } from '../auth/admin.entity.js';
import { Contact } from './contact.entity.js';
import { ContactsApiController } from './contacts.api.controller.js';
import { ContactsPagesController } from './contacts.pages.controller.js';
import { ContactsPublicController } from './contacts.public.controller.js';
import { ContactsService } from './contacts.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Contact, Admin])],
  controllers: [ContactsPublicController, ContactsApiController, ContactsPagesController],
  providers: [ContactsService],
  exports: [ContactsService],
})
export class ContactsModule {}
