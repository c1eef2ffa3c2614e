import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { AppException } from '../common/http/app.exception.js';
import { header, type HttpReply, type HttpRequest } from '../common/http/http.js';
import { FORM_ORIGIN_HEADER, type ChangeSource, type HistoryOperation } from '../shared/history.views.js';
import type { HistoryResourceKey } from './history.resources.js';

/** A history entry a committed write produced: which record, how, and its changed columns (`{"column": [before, after]}`). */
export interface WrittenChange {
  entryId: number;
  resource: HistoryResourceKey;
  recordId: number;
  operation: HistoryOperation;
  changes: string;
}

/** Who makes a change and from where: what the database's history entry records. */
export interface ChangeContext {
  actorId: number | null;
  actorName: string | null;
  source: ChangeSource;
  /** The history entry whose values a restore puts back. */
  restoredFrom?: number | null;
  /**
   * Where the history entries of the committed writes made under this context are added (a request's, read by
   * its audit entry): what changed is taken from the history, never from the request's body.
   */
  written?: WrittenChange[];
}

/** A write of one record: its context, and the version the client read (If-Match), when it sent one. */
export interface ChangeRequest {
  context: ChangeContext;
  expected?: number;
}

/** Changes made by the platform's public side with no admin (the site's forms, the app's account flows): "Aplicativo". */
export const APP_CHANGE: ChangeRequest = { context: { actorId: null, actorName: null, source: 'api' } };
/** Changes made by the system itself (seeds, the command line, jobs): "Sistema". */
export const SYSTEM_CHANGE: ChangeRequest = { context: { actorId: null, actorName: null, source: 'banco' } };

const IF_MATCH = /^"(\d{1,9})"$/;

/**
 * The version in an If-Match header: undefined when there is none or it is `*` (any version); a malformed one is
 * refused with 400 (a weak tag `W/"3"` too, since If-Match compares strong tags).
 */
export function parseIfMatch(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.slice(0, 100).trim();
  if (trimmed === '*') return undefined;
  const match = IF_MATCH.exec(trimmed);
  if (!match) {
    throw new AppException(400, 'INVALID_IF_MATCH', 'Cabeçalho If-Match inválido: envie a versão do registro entre aspas, como "3".');
  }
  return Number(match[1]);
}

/** Where a request's change comes from: the back office's form (its header says so), or the API. */
export function changeSource(req: HttpRequest): 'formulario' | 'api' {
  return header(req, FORM_ORIGIN_HEADER) === 'formulario' ? 'formulario' : 'api';
}

const writtenByRequest = new WeakMap<HttpRequest, WrittenChange[]>();

/** The history entries the request's committed writes produced so far, oldest first. */
export function changesWrittenBy(req: HttpRequest): WrittenChange[] {
  let written = writtenByRequest.get(req);
  if (!written) {
    written = [];
    writtenByRequest.set(req, written);
  }
  return written;
}

/** The change a request makes: its admin (if any), its origin (the back office's form, or the API) and If-Match. */
export function changeRequest(req: HttpRequest): ChangeRequest {
  const admin = req.admin;
  return {
    context: {
      actorId: admin?.id ?? null,
      actorName: admin ? admin.name || admin.username : null,
      source: changeSource(req),
      written: changesWrittenBy(req),
    },
    expected: parseIfMatch(header(req, 'if-match')),
  };
}

const changeOf = (_data: unknown, context: ExecutionContext) => changeRequest(context.switchToHttp().getRequest<HttpRequest>());
/** The request's ChangeRequest, for write routes of versioned records. */
export const Change = createParamDecorator(changeOf);

/** Whether a handler takes the request's ChangeRequest (@Change()): a write that honours If-Match, so may answer 412. */
export function takesChange(controller: object, method: string): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { factory?: unknown }>;
  return Object.values(args).some((arg) => arg.factory === changeOf);
}

/** Answers a record's version as its ETag. */
export function withEtag<T extends { version: number }>(res: HttpReply, record: T): T {
  void res.header('ETag', `"${record.version}"`);
  return record;
}

/** How every write of one versioned record treats If-Match (the OpenAPI document's words). */
export const EDIT_DESCRIPTION =
  'Com `If-Match: "<versão>"` (o ETag lido), só grava se o registro ainda estiver nessa versão; senão responde 412 `EDIT_CONFLICT` com quem alterou e quando, o registro atual (`atual`) e os campos alterados desde a sua versão (`campos_alterados`). If-Match malformado: 400. Sem If-Match a alteração é aceita como antes. A resposta traz a nova versão no ETag.';
