import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { createSecretKey } from 'node:crypto';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { AccessGuard } from './access.guard.js';
import { AdminCookie } from './admin-cookie.js';
import { LoginAttempts } from './login-limits.js';
import { AdminSession } from './admin-session.entity.js';
import { Admin } from './admin.entity.js';
import { AuthApiController } from './auth.api.controller.js';
import { AuthPagesController } from './auth.pages.controller.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService, JWT_ALGORITHM } from './auth.service.js';
import { AuthorizationCache } from './authorization-cache.js';
import { PasswordHasher } from './password-hasher.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([Admin, AdminSession]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      // One key object for the process: given the secret as text, jsonwebtoken would first try to read it
      // as a public key (and throw) on every verification.
      useFactory: (config: AppConfig) => {
        const key = createSecretKey(Buffer.from(config.jwtSecret));
        return { secretOrKeyProvider: () => key, signOptions: { algorithm: JWT_ALGORITHM } };
      },
    }),
  ],
  controllers: [AuthApiController, AuthPagesController],
  providers: [
    AuthService,
    AuthRepository,
    AuthorizationCache,
    PasswordHasher,
    LoginAttempts,
    { provide: AdminCookie, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new AdminCookie(config) },
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AuthService, AdminCookie, PasswordHasher, AuthorizationCache],
})
export class AuthModule {}
