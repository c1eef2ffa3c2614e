import { Module } from '@nestjs/common';
import { SiteFilesController } from './site.files.controller.js';
import { SitePagesController } from './site.pages.controller.js';

@Module({ controllers: [SiteFilesController, SitePagesController] })
export class SiteModule {}
