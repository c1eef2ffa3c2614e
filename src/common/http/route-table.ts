import { RequestMethod, type INestApplicationContext } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { IS_PUBLIC, isOpen, ROLES, SENSITIVE } from '../../auth/decorators.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import { rateLimitsOf } from './rate-limit.js';
import { takesSameOriginJsonOnly } from './same-origin.js';
import { takesChange } from '../../history/change-context.js';

export interface RegisteredRoute {
  method: string;
  path: string;
  /** 'public', 'admin' (any admin) or the roles joined with '+'. */
  access: string;
  /** The rate limits it is counted under (@RateLimit). */
  limits: string[];
  /** `Controller.method`: the route's handler. */
  handler: string;
  /** Whether it needs a recent 2FA confirmation (@Sensitive). */
  sensitive: boolean;
  /** The words of the sensitive action (its 403 STEP_UP_REQUIRED names it so), or null. */
  stepUpAction: string | null;
  /** Whether it writes a versioned record under If-Match (@Change() on a record's path): it may answer 412. */
  conditional: boolean;
  /** Whether it takes JSON from the app's own pages only (@SameOriginJson()): 403 cross-site, 415 another body type. */
  sameOriginJson: boolean;
}

/** Every route the app registered, with who may call it, read from the same metadata the access guard reads. */
export function registeredRoutes(app: INestApplicationContext): RegisteredRoute[] {
  const reflector = app.get(Reflector);
  const apiDocs = app.get<AppConfig>(APP_CONFIG).apiDocs;
  const routes: RegisteredRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as unknown as { prototype: Record<string, unknown>; name: string } & (new (...args: never[]) => unknown);
      const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of handlerNames(controller.prototype)) {
        const handler = controller.prototype[name] as (...args: unknown[]) => unknown;
        if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        const isPublic = isOpen(reflector.getAllAndOverride<boolean | 'api-docs' | undefined>(IS_PUBLIC, [handler, controller]), apiDocs);
        const roles = reflector.getAllAndOverride<string[] | undefined>(ROLES, [handler, controller]);
        const stepUpAction = reflector.getAllAndOverride<string | undefined>(SENSITIVE, [handler, controller]) ?? null;
        // A handler may serve several paths (one per resource of a shared mechanism).
        for (const own of [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat()) {
          routes.push({
            method,
            path: `/${[prefix, own].filter((part) => part && part !== '/').join('/')}`,
            access: isPublic ? 'public' : roles ? roles.join('+') : 'admin',
            limits: [...rateLimitsOf(controller), ...rateLimitsOf(handler)],
            handler: `${controller.name}.${name}`,
            sensitive: stepUpAction !== null,
            stepUpAction,
            conditional: own.includes(':') && takesChange(controller, name),
            sameOriginJson: takesSameOriginJsonOnly(handler),
          });
        }
      }
    }
  }
  return routes.sort((a, b) => `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`));
}

/** A controller's method names, its own and those it inherits (a declared resource's routes come from a base class). */
function handlerNames(prototype: object): string[] {
  const names = new Set<string>();
  for (let level = prototype; level && level !== Object.prototype; level = Object.getPrototypeOf(level) as object) {
    for (const name of Object.getOwnPropertyNames(level)) names.add(name);
  }
  return [...names];
}
