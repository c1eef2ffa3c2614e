import { Global, Module } from '@nestjs/common';
import { HistoryApiController } from './history.api.controller.js';
import { HistoryPruning } from './history.pruning.js';
import { HistoryRepository } from './history.repository.js';
import { HistoryService } from './history.service.js';

/** Global: each versioned resource's module registers its handlers and writes through HistoryService. */
@Global()
@Module({
  controllers: [HistoryApiController],
  providers: [HistoryService, HistoryRepository, HistoryPruning],
  exports: [HistoryService],
})
export class HistoryModule {}
