import { Module } from '@nestjs/common';
import { AuthPagesController } from './auth.pages.controller.js';

@Module({ controllers: [AuthPagesController] })
export class AuthModule {}
