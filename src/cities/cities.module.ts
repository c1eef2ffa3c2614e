import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CitiesApiController } from './cities.api.controller.js';
import { CitiesRepository } from './cities.repository.js';
import { CitiesService } from './cities.service.js';
import { City } from './city.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([City])],
  controllers: [CitiesApiController],
  providers: [CitiesService, CitiesRepository],
  exports: [CitiesService],
})
export class CitiesModule {}
