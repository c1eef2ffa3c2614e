import { Module } from '@nestjs/common';
import { SitePagesController } from './site.pages.controller.js';

@Module({ controllers: [SitePagesController] })
export class SiteModule {}
