import { ArgumentsHost, Catch, ExceptionFilter, Inject, NotFoundException } from '@nestjs/common';
import { acceptsHtml, requestPath, requestUrl, type HttpReply, type HttpRequest } from './http.js';
import type { Logger } from 'pino';
import { inertia } from '../../inertia/inertia-response.js';
import { InertiaService, isInertiaRequest } from '../../inertia/inertia.service.js';
import { LOGGER } from '../logging/logger.constants.js';
import { loggableUrl } from '../logging/request-logging.js';
import { ValidationFailedException } from './app.exception.js';
import { toErrorBody, UNAVAILABLE_RETRY_SECONDS } from './error-body.js';
import { RedirectException } from './redirect.exception.js';
import { isServedFileGone } from './served-files.js';

/** Paths that name a file: a miss there is a plain 404, never the home page. */
const FILE_PATH = /^\/build\/|\.(?!html$)[a-z0-9]{1,5}$/i;

/**
 * The one place errors become responses. API calls get the JSON error body; page visits get the error page
 * through Inertia with the real status, or, for an unknown page, a redirect to the home page.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(
    private readonly inertia: InertiaService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    void this.handle(exception, http.getRequest<HttpRequest>(), http.getResponse<HttpReply>());
  }

  async handle(exception: unknown, req: HttpRequest, res: HttpReply): Promise<void> {
    if (exception instanceof RedirectException && !res.sent) {
      void res.redirect(exception.location, exception.status);
      return;
    }
    // A served file that went away mid-request (replaced by a deploy, a new logo) answers as if never there.
    const body = toErrorBody(isServedFileGone(exception) ? new NotFoundException() : exception);
    const requestId = String(req.id ?? '');
    if (body.statusCode >= 500) {
      this.logger.error({ err: exception, requestId, method: req.method, url: loggableUrl(requestUrl(req)) }, 'Unhandled error');
      body.requestId = requestId;
    }
    if (res.sent || res.raw.headersSent) {
      if (!res.raw.writableEnded) res.raw.end();
      return;
    }
    // A dependency's outage (the database, the object store) says when to try again.
    if (body.statusCode === 503 && !res.getHeader('Retry-After')) res.header('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));

    try {
      if (!this.inertia.isApiPath(requestPath(req))) {
        if (await this.handlePageError(exception, body.statusCode, req, res)) return;
      }
    } catch (renderError) {
      this.logger.error({ err: renderError, requestId }, 'Error page failed to render');
    }
    void res.code(body.statusCode).type('application/json; charset=utf-8').send(body);
  }

  private async handlePageError(exception: unknown, status: number, req: HttpRequest, res: HttpReply): Promise<boolean> {
    if (status === 404 && (req.method === 'GET' || req.method === 'HEAD')) {
      if (FILE_PATH.test(requestPath(req))) {
        void res.code(404).type('text/plain; charset=utf-8').send('Não encontrado');
      } else {
        void res.redirect('/', 302);
      }
      return true;
    }
    if (exception instanceof ValidationFailedException && isInertiaRequest(req)) {
      this.inertia.redirectBackWithErrors(req, res, exception.errors ?? {});
      return true;
    }
    if (!isInertiaRequest(req) && !acceptsHtml(req)) return false;
    const { message } = toErrorBody(exception);
    const rendered = await this.inertia.render(req, res, inertia('Error', { status, message }), status);
    void res
      .code(status)
      .headers(rendered.headers)
      .send(typeof rendered.body === 'string' || Buffer.isBuffer(rendered.body) ? rendered.body : JSON.stringify(rendered.body));
    return true;
  }
}
