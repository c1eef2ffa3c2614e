import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CitiesModule } from '../cities/cities.module.js';
import { EnterprisesModule } from '../enterprises/enterprises.module.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { MailModule } from '../mail/mail.module.js';
import { AccountLinksService } from './account-links.service.js';
import { AccountPagesController } from './account.pages.controller.js';
import { AccountPublicController } from './account.public.controller.js';
import { AccountDeletionRequest, PasswordReset } from './account-token.entity.js';
import { AppUser } from './app-user.entity.js';
import { AppUserListApiController, AppUsersApiController, CompanyUsersApiController } from './app-users.api.controller.js';
import { AppUsersPagesController } from './app-users.pages.controller.js';
import { AppUsersRepository } from './app-users.repository.js';
import { AppUserList } from './app-users.resource.js';
import { AppUsersService } from './app-users.service.js';
import { Cargo } from './cargo.entity.js';
import { Ocupacao } from './ocupacao.entity.js';
import { UserLookupsApiController } from './user-lookups.api.controller.js';
import { UserLookupsService } from './user-lookups.service.js';
import { AccountMailBudget } from './account-limits.js';
import { UserDataCopyService } from './user-data-copy.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Cargo, Ocupacao, AppUser, PasswordReset, AccountDeletionRequest]), MailModule, EnterprisesModule, CitiesModule],
  controllers: [
    UserLookupsApiController,
    AppUserListApiController,
    AppUsersApiController,
    CompanyUsersApiController,
    AppUsersPagesController,
    AccountPublicController,
    AccountPagesController,
  ],
  providers: [
    UserLookupsService,
    AppUsersService,
    AppUsersRepository,
    AppUserList,
    UserDataCopyService,
    AccountLinksService,
    AccountMailBudget,
    PasswordHasher,
  ],
  exports: [UserLookupsService, AppUsersService, AppUserList],
})
export class UsersModule {}
