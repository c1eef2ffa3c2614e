import { Module } from '@nestjs/common';
import { DocsController, OpenApiDocs } from './docs.controller.js';

@Module({ controllers: [DocsController], providers: [OpenApiDocs], exports: [OpenApiDocs] })
export class OpenApiModule {}
