import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import { AppException } from './app.exception.js';

/**
 * Routes anyone may call with a body: kept small, since a stranger's request must cost us little. 32 kB holds
 * the largest honest one, a 5,000-character contact message even in 4-byte characters.
 */
export const PUBLIC_BODY_ROUTES = ['/api/contatos', '/api/public', '/api/admin/login'];
export const PUBLIC_BODY_LIMIT = '32kb';
/** Admin forms (a company with its billing address is the largest) fit well within this. */
export const ADMIN_BODY_LIMIT = '100kb';
/** Deeper than any body the app accepts; past it, nested input only costs recursion in the validators. */
export const MAX_JSON_DEPTH = 32;

export class JsonTooDeepException extends AppException {
  constructor() {
    super(400, 'JSON_TOO_DEEP', `O JSON enviado tem mais de ${MAX_JSON_DEPTH} níveis aninhados.`);
  }
}

/** How deep a parsed JSON value nests, counted without recursion and stopping as soon as it passes `limit`. */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

function refuseDeepJson(req: Request, _res: Response, next: NextFunction): void {
  next(req.body !== undefined && jsonDepthExceeds(req.body, MAX_JSON_DEPTH) ? new JsonTooDeepException() : undefined);
}

/**
 * The body parsers, in place of Nest's defaults: JSON and forms limited to 32 kB on the public routes and
 * 100 kB elsewhere, and JSON nested deeper than 32 levels refused before any validator walks it.
 */
export function bodyParsers() {
  const small = { limit: PUBLIC_BODY_LIMIT };
  const large = { limit: ADMIN_BODY_LIMIT };
  return [
    express.Router().use(PUBLIC_BODY_ROUTES, express.json(small), express.urlencoded({ ...small, extended: false })),
    express.json(large),
    express.urlencoded({ ...large, extended: false }),
    refuseDeepJson,
  ];
}
