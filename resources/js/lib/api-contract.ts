import type { paths } from './api-schema';

/**
 * The API's contract as the back office calls it, from the types generated from the OpenAPI document
 * (api-schema.d.ts, written by the build): a call's path is checked against the document's paths for its method,
 * and its body and answer are the document's. A route renamed, a field changed or an answer reshaped on the
 * server fails `npm run typecheck` here.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The document's paths as the back office writes them: without the `/api` prefix. */
type Paths = { [K in keyof paths as K extends `/api${infer Rest}` ? Rest : never]: paths[K] };

type Segments<S extends string> = S extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [S];
type WithoutQuery<S extends string> = S extends `${infer Path}?${string}` ? Path : S;
/** A `{param}` segment of the document takes any one segment (an id, written `${number}`, say); others match exactly. */
type SegmentsMatch<Actual extends string[], Template extends string[]> = Actual extends [infer A extends string, ...infer ActualRest extends string[]]
  ? Template extends [infer T extends string, ...infer TemplateRest extends string[]]
    ? (T extends `{${string}}` ? true : [A] extends [T] ? true : false) extends true
      ? SegmentsMatch<ActualRest, TemplateRest>
      : false
    : false
  : Template extends []
    ? true
    : false;

/**
 * The document's path a call's path (with its ids filled in and maybe a query) is an instance of, for a method: the
 * path itself when the document has it as written (`/admin/importacoes/atual` beside `/admin/importacoes/{id}`).
 */
export type RouteOf<P extends string, M extends HttpMethod> = P extends string
  ? WithoutQuery<P> extends keyof Paths
    ? Paths[WithoutQuery<P>][Lowercase<M>] extends undefined
      ? MatchedRoute<P, M>
      : WithoutQuery<P>
    : MatchedRoute<P, M>
  : never;

type MatchedRoute<P extends string, M extends HttpMethod> = {
  [K in keyof Paths]: Paths[K][Lowercase<M>] extends undefined ? never : SegmentsMatch<Segments<WithoutQuery<P>>, Segments<K>> extends true ? K : never;
}[keyof Paths];

type OperationOf<R, M extends HttpMethod> = R extends keyof Paths ? NonNullable<Paths[R][Lowercase<M>]> : never;

/** What the call answers on success: the JSON of its 2xx response (nothing, for an answer without a body). */
export type ResponseOf<P extends string, M extends HttpMethod> =
  OperationOf<RouteOf<P, M>, M> extends { responses: infer Responses }
    ? {
        [Code in keyof Responses]: Code extends 200 | 201 | 202 | 204
          ? Responses[Code] extends { content: { 'application/json': infer Body } }
            ? Body
            : void
          : never;
      }[keyof Responses]
    : never;

/** The body the call sends: the JSON of its request schema, a FormData for a file, or none. */
export type BodyOf<P extends string, M extends HttpMethod> =
  OperationOf<RouteOf<P, M>, M> extends { requestBody?: infer Request }
    ? NonNullable<Request> extends { content: { 'application/json': infer Body } }
      ? Body
      : NonNullable<Request> extends { content: { 'multipart/form-data': unknown } }
        ? FormData
        : undefined
    : undefined;

type Template<S extends string> = S extends `${infer Before}{${string}}${infer After}` ? `${Before}${string}${Template<After>}` : S;

/**
 * Every path a call may write for a method: the document's paths with any text for their `{params}`, with or
 * without a query. A call's path is checked against it (and written as a template, its type keeps its literal
 * parts, so RouteOf finds the one operation it names).
 */
export type ApiPath<M extends HttpMethod> = {
  [K in keyof Paths]: Paths[K][Lowercase<M>] extends undefined ? never : Template<K> | `${Template<K>}?${string}`;
}[keyof Paths];

/** The resources whose records keep a history and a version (…/:id/historico, …/:id/alteracoes). */
export type VersionedResourcePath = 'enterprises' | 'users' | 'contatos' | 'admins';
/** A versioned record's API path, e.g. /admin/enterprises/7. */
export type RecordPath = `/admin/${VersionedResourcePath}/${number}`;
