import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { HttpReply, HttpRequest } from '../common/http/http.js';
import { from, mergeMap, type Observable } from 'rxjs';
import { InertiaResponse } from './inertia-response.js';
import { InertiaService } from './inertia.service.js';

/** Turns an InertiaResponse returned by a controller into the HTML or JSON answer. */
@Injectable()
export class InertiaInterceptor implements NestInterceptor {
  constructor(private readonly inertia: InertiaService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      mergeMap((result) => {
        if (!(result instanceof InertiaResponse)) return from([result]);
        const http = context.switchToHttp();
        const req = http.getRequest<HttpRequest>();
        const res = http.getResponse<HttpReply>();
        return from(
          this.inertia.render(req, res, result).then((rendered) => {
            if (rendered.status !== 200) res.status(rendered.status);
            res.headers(rendered.headers);
            return rendered.body;
          }),
        );
      }),
    );
  }
}

/**
 * Marks a controller whose routes answer pages (they return `inertia(...)`). Bound to those controllers only:
 * an API route runs no interceptor at all, and a unit test checks that every page controller carries it.
 */
export const InertiaPages = () => UseInterceptors(InertiaInterceptor);
