import type { FastifyInstance } from 'fastify';
import type { HttpReply, HttpRequest } from './http.js';

type RequestStep = (req: HttpRequest, reply: HttpReply) => void;

/**
 * The app's own work on every request and every answer (its headers, the interactive-load count, the metrics),
 * run as one Fastify hook of each kind: a hook is a turn of Fastify's hook runner, and these steps are a few
 * statements each, so one hook running them in a loop costs less than a hook per step. Steps are synchronous,
 * never end the request and never throw; one that may answer early (a 409 or a 419) stays a hook of its own.
 */
export interface RequestSteps {
  /** Runs `step` as a request arrives, in the order the steps were added. */
  onRequest(step: RequestStep): void;
  /** Runs `step` once the answer has been sent. */
  onResponse(step: RequestStep): void;
}

export function requestSteps(fastify: FastifyInstance): RequestSteps {
  const arrived: RequestStep[] = [];
  const answered: RequestStep[] = [];
  fastify.addHook('onRequest', (req, reply, done) => {
    for (let i = 0; i < arrived.length; i++) arrived[i](req, reply);
    done();
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    for (let i = 0; i < answered.length; i++) answered[i](req, reply);
    done();
  });
  return {
    onRequest: (step) => void arrived.push(step),
    onResponse: (step) => void answered.push(step),
  };
}
