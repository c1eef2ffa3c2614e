import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Contact } from './contact.entity.js';
import { ContactsPublicController } from './contacts.public.controller.js';
import { ContactsService } from './contacts.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Contact])],
  controllers: [ContactsPublicController],
  providers: [ContactsService],
  exports: [ContactsService],
})
export class ContactsModule {}
