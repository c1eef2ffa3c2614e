import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Cargo } from './cargo.entity.js';
import { Ocupacao } from './ocupacao.entity.js';
import { UserLookupsApiController } from './user-lookups.api.controller.js';
import { UserLookupsService } from './user-lookups.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Cargo, Ocupacao])],
  controllers: [UserLookupsApiController],
  providers: [UserLookupsService],
  exports: [UserLookupsService],
})
export class UsersModule {}
