import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { Readiness } from './readiness.js';

/** Liveness, readiness and the spec's health check; Readiness is global so the shutdown can turn it off. */
@Global()
@Module({ controllers: [HealthController], providers: [Readiness], exports: [Readiness] })
export class HealthModule {}
