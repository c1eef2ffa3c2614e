import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Request } from 'express';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { IpsModule } from '../ips/ips.module.js';
import { AccessGuard } from './access.guard.js';
import { AdminCookie } from './admin-cookie.js';
import { AdminSession } from './admin-session.entity.js';
import { Admin } from './admin.entity.js';
import { AuthApiController } from './auth.api.controller.js';
import { AuthPagesController } from './auth.pages.controller.js';
import { AuthService, JWT_ALGORITHM } from './auth.service.js';
import { PasswordHasher } from './password-hasher.js';

/** Login attempts: 10 a minute per IP, 30 per 15 minutes per username (whatever the IP). */
export const LOGIN_LIMITS = { perIp: { ttl: 60_000, limit: 10 }, perUsername: { ttl: 15 * 60_000, limit: 30 } };

@Module({
  imports: [
    TypeOrmModule.forFeature([Admin, AdminSession]),
    IpsModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { algorithm: JWT_ALGORITHM } }),
    }),
    ThrottlerModule.forRoot({
      errorMessage: 'Muitas tentativas de login. Aguarde um minuto e tente novamente.',
      throttlers: [
        { name: 'login-ip', ...LOGIN_LIMITS.perIp },
        {
          name: 'login-username',
          ...LOGIN_LIMITS.perUsername,
          getTracker: (req: Record<string, unknown>) => {
            const username = (req as unknown as Request).body?.username;
            return `username:${typeof username === 'string' ? username.trim().toLowerCase().slice(0, 60) : ''}`;
          },
        },
      ],
    }),
  ],
  controllers: [AuthApiController, AuthPagesController],
  providers: [
    AuthService,
    PasswordHasher,
    { provide: AdminCookie, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new AdminCookie(config) },
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AuthService, AdminCookie],
})
export class AuthModule {}
