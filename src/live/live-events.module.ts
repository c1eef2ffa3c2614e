import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminNotification } from './admin-notification.entity.js';
import { LiveEvents } from './live-events.js';
import { LiveNotices } from './live-notices.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';

/**
 * Global: any module raises live events and notices through LiveEvents and LiveNotices, without depending on
 * the streams (LiveModule), which depend on the modules whose figures they send.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AdminNotification])],
  providers: [LiveEvents, LiveNotices, NotificationsService, NotificationsRepository],
  exports: [LiveEvents, LiveNotices, NotificationsService],
})
export class LiveEventsModule {}
