import { Global, Module } from '@nestjs/common';
import { DailyJobs } from './daily-jobs.js';

/** Global: any module registers its daily housekeeping job with DailyJobs. */
@Global()
@Module({ providers: [DailyJobs], exports: [DailyJobs] })
export class HousekeepingModule {}
