import { DynamicModule, Global, Module } from '@nestjs/common';
import { INERTIA_OPTIONS } from './inertia.constants.js';
import { InertiaService } from './inertia.service.js';
import type { InertiaOptions } from './inertia.types.js';

@Global()
@Module({})
export class InertiaModule {
  static forRoot(options: InertiaOptions): DynamicModule {
    return {
      module: InertiaModule,
      providers: [{ provide: INERTIA_OPTIONS, useValue: options }, InertiaService],
      exports: [InertiaService],
    };
  }
}
