import { Module } from '@nestjs/common';
import { BackgroundTasks } from '../common/background-tasks.js';
import { MailService } from './mail.service.js';

@Module({ providers: [MailService, BackgroundTasks], exports: [MailService, BackgroundTasks] })
export class MailModule {}
