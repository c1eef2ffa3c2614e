import { Module } from '@nestjs/common';
import { DashboardPagesController } from './dashboard.pages.controller.js';

@Module({ controllers: [DashboardPagesController] })
export class DashboardModule {}
