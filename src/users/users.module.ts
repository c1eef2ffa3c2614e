import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppUser } from './app-user.entity.js';
import { AppUsersService } from './app-users.service.js';
import { Cargo } from './cargo.entity.js';
import { Enterprise } from '../enterprises/enterprise.entity.js';
import { Ocupacao } from './ocupacao.entity.js';
import { UserLookupsApiController } from './user-lookups.api.controller.js';
import { UserLookupsService } from './user-lookups.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Cargo, Ocupacao, AppUser, Enterprise])],
  controllers: [UserLookupsApiController],
  providers: [UserLookupsService, AppUsersService],
  exports: [UserLookupsService, AppUsersService],
})
export class UsersModule {}
