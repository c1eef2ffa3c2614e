import type { FastifyInstance } from 'fastify';
import type { HttpReply, HttpRequest } from './http.js';

type RequestStep = (req: HttpRequest, reply: HttpReply) => void;

/**
 * The app's own work on every request and every answer (the request id and log, its headers, the interactive-load
 * count, the metrics),
 * run as one Fastify hook of each kind: a hook is a turn of Fastify's hook runner, and these steps are a few
 * statements each, so one hook running them in a loop costs less than a hook per step. Steps are synchronous,
 * never end the request and never throw; one that may answer early (a 409 or a 419) stays a hook of its own.
 */
export interface RequestSteps {
  /** Runs `step` as a request arrives, in the order the steps were added. */
  onRequest(step: RequestStep): void;
  /** Runs `step` once the answer has been sent. */
  onResponse(step: RequestStep): void;
  /**
   * Runs `step` when the request's response closes: after its answer was sent, or when the client hung up first
   * (`reply.raw.writableEnded` tells which). Fastify's onRequestAbort is no substitute: a client that goes after
   * sending a whole body (a PUT cut off while it is saved) never gets it.
   */
  onClose(step: RequestStep): void;
}

export function requestSteps(fastify: FastifyInstance): RequestSteps {
  const arrived: RequestStep[] = [];
  const answered: RequestStep[] = [];
  const closed: RequestStep[] = [];
  fastify.addHook('onRequest', (req, reply, done) => {
    for (let i = 0; i < arrived.length; i++) arrived[i](req, reply);
    // One listener a request runs every close step.
    if (closed.length > 0)
      reply.raw.on('close', () => {
        for (let i = 0; i < closed.length; i++) closed[i](req, reply);
      });
    done();
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    for (let i = 0; i < answered.length; i++) answered[i](req, reply);
    done();
  });
  return {
    onRequest: (step) => void arrived.push(step),
    onResponse: (step) => void answered.push(step),
    onClose: (step) => void closed.push(step),
  };
}
