import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { readFileSync } from 'node:fs';
import { registeredRoutes, type RegisteredRoute } from '../common/http/route-table.js';
import { isLongLived } from '../common/http/interactive-load.js';
import metadata from './metadata.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';

type Schema = Record<string, unknown>;
/** What each route answers and the schemas it names (src/openapi/responses.json). */
type Responses = { schemas: Record<string, Schema>; operations: Record<string, Schema | null> };
type Operation = {
  operationId?: string;
  responses: Record<string, Schema>;
  security?: Record<string, string[]>[];
  tags?: string[];
  description?: string;
  parameters?: unknown[];
};

/** The routes of the documentation itself: not part of the API it documents. */
export const DOCS_PATHS = ['/api/docs', '/api/docs.json', '/api/docs/:arquivo'];

const ERROR_BODY: Schema = {
  type: 'object',
  description: 'Toda resposta de erro: a mensagem em português para mostrar a quem usa, e um código estável para programas.',
  properties: {
    statusCode: { type: 'integer', description: 'O status HTTP.' },
    message: { type: 'string', description: 'A mensagem em português.' },
    code: { type: 'string', description: 'Código estável do erro (ex.: ENTERPRISE_NOT_FOUND, CNPJ_ALREADY_REGISTERED).' },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Por campo, a mensagem do primeiro problema (erros de validação).' },
    requestId: { type: 'string', description: 'Identificador da requisição nos registros do servidor (erros 5xx).' },
    acao: {
      type: 'string',
      description:
        'Em `STEP_UP_REQUIRED`: a ação sensível pedida, em palavras que seguem "Para" (ex.: "exportar os contatos"), para dizer à pessoa o que o código 2FA vai liberar.',
    },
  },
  required: ['statusCode', 'message'],
};

const ERRORS: Record<string, string> = {
  '400': 'Dados inválidos: a mensagem e, por campo, `errors` dizem o que corrigir. Nada foi alterado.',
  '401':
    'Sem sessão válida: faça login de novo (POST /api/admin/login). `code`: `NO_AUTH`, `TOKEN_EXPIRED` (a sessão passou da duração máxima), `IP_REVOKED` (o endereço deixou de ser autorizado) ou `SESSION_IDLE` (nenhuma ação da pessoa por `SESSION_IDLE_MINUTES`).',
  '403': 'Acesso negado: o endereço IP não está autorizado para o papel do administrador, ou a rota é só para master.',
  '404': 'O registro não existe.',
  '409': 'Conflito com o estado atual dos dados (ex.: CNPJ ou e-mail já cadastrado).',
  '412':
    '`EDIT_CONFLICT`: o registro mudou desde a versão enviada em If-Match. O corpo traz quem alterou e quando, o registro atual (`atual`) e os campos alterados (`campos_alterados`). Nada foi alterado.',
  '413': 'O corpo da requisição é grande demais para esta rota. Nada foi alterado.',
  '415': 'Formato de conteúdo não suportado: envie `application/json` (ou o arquivo, nas rotas de envio). Nada foi alterado.',
  '419':
    '`XSRF_MISMATCH`: uma escrita com a sessão do cookie (o painel) sem o cabeçalho `X-XSRF-TOKEN` do cookie `XSRF-TOKEN`. Com o token Bearer não se aplica. Nada foi alterado.',
  '429': 'Muitas tentativas: aguarde e tente de novo (cabeçalho Retry-After).',
  '500': 'Erro interno: a mensagem é genérica e nunca traz detalhes do servidor.',
  '503':
    'Uma dependência está fora do ar, com o cabeçalho Retry-After: `DB_UNAVAILABLE` (o banco de dados), `CACHE_UNAVAILABLE` (o Redis, nas rotas cujos limites protegem senhas e códigos: login, esqueci/redefinir senha, convite), `STORAGE_UNAVAILABLE` (o armazenamento de arquivos). Nada foi alterado: tente de novo.',
};

/** What a 403 of a route that takes JSON from the app's own pages only says (@SameOriginJson). */
const CROSS_SITE_REQUEST =
  '`CROSS_SITE_REQUEST`: a requisição veio de outra origem (cabeçalho Origin diferente do endereço da API, ou Sec-Fetch-Site `cross-site`/`same-site`). Clientes fora do navegador não enviam Origin. Nada foi contado nem alterado.';

/** What a sensitive action's 403 adds (@Sensitive), with the words that name the action. */
const stepUpRequired = (action: string) =>
  `Ação sensível: sem uma confirmação 2FA nos últimos \`STEP_UP_MINUTES\` (o login conta), responde \`STEP_UP_REQUIRED\` com a ação nomeada em \`acao\` ("${action}") e na mensagem ("Para ${action}, confirme sua identidade com o código 2FA."); confirme com POST /api/admin/confirmar-identidade e envie de novo.`;

/** The types of the files a handler answers, by its method's name (the exports) or its whole name. */
const CONTENT_OF_FILES: Record<string, string[]> = {
  export: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  'ImportsApiController.template': ['text/csv'],
  'ImportsApiController.failures': ['text/csv'],
};

const ACCESS: Record<string, string> = {
  public: 'Acesso: público.',
  admin: 'Acesso: administradores (master e gestor), com token Bearer, de um IP autorizado.',
  master: 'Acesso: somente administradores master, com token Bearer, de um IP autorizado.',
};

/** `/api/admin/enterprises/:id` as OpenAPI writes it: `/api/admin/enterprises/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The tag of a route: its resource (`/api/admin/enterprises/...` → enterprises). */
function tagOf(path: string): string {
  const [, , scope, resource] = path.split('/');
  return scope === 'admin' || scope === 'public' ? `${scope}/${(resource ?? '').replace(/\.json$/, '')}` : scope;
}

/**
 * The OpenAPI 3.1 document of every route under /api, generated from the code: paths and parameters from the
 * controllers (@nestjs/swagger), request schemas from the DTOs and their validation rules and response schemas
 * from the controllers' return types (both read from the sources: src/openapi/metadata.ts and responses.json,
 * `npm run openapi:generate`), access and limits from the same metadata the guards read.
 */
export async function buildOpenApiDocument(app: INestApplication): Promise<OpenAPIObject> {
  const responses = JSON.parse(readFileSync(new URL('./responses.json', import.meta.url), 'utf8')) as Responses;
  await SwaggerModule.loadPluginMetadata(metadata);
  const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('AgroMaq API')
    .setVersion(version)
    .setDescription(
      [
        'A API JSON da plataforma AgroMaq, usada pelo painel administrativo e por clientes como o aplicativo móvel.',
        '',
        '**Autenticação.** Rotas de administração pedem o token de `POST /api/admin/login` (usuário, senha e código 2FA) no cabeçalho `Authorization: Bearer <token>`, vindo de um endereço IP autorizado para o papel do administrador. O painel usa o mesmo token em um cookie HttpOnly; escritas por cookie levam também o cabeçalho `X-XSRF-TOKEN`.',
        '',
        '**Erros.** Toda falha responde com o corpo `ErrorBody`: `message` em português, `code` estável, e `errors` por campo quando a entrada é inválida. Uma entrada inválida nunca altera nada.',
      ].join('\n'),
    )
    // Where the API answers (this deployment's APP_URL), and on what terms it may be used.
    .addServer(app.get<AppConfig>(APP_CONFIG).appUrl, 'Esta instalação (APP_URL)')
    .setLicense('Proprietária: uso pelos clientes autorizados da AgroMaq', `${app.get<AppConfig>(APP_CONFIG).appUrl}/termos-e-politicas`)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'O token de POST /api/admin/login.' }, 'bearer')
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: (controller, method) => `${controller}.${method}` });
  const routes = registeredRoutes(app).filter((route) => route.path.startsWith('/api/') && !DOCS_PATHS.includes(route.path));
  const paths: OpenAPIObject['paths'] = {};
  const schemas: Record<string, Schema> = { ErrorBody: ERROR_BODY, ...responses.schemas };
  const shared = new Set(routes.map((route) => route.handler).filter((handler, index, all) => all.indexOf(handler) !== index));
  for (const route of routes) {
    const path = openApiPath(route.path);
    const method = route.method.toLowerCase();
    const operation = (document.paths[path] as Record<string, Operation> | undefined)?.[method];
    if (!operation) continue;
    describeOperation(operation, route, responses);
    // A handler serving several resources (the history's) has one operation per resource, each named apart.
    if (shared.has(route.handler)) operation.operationId = `${route.handler}.${route.path.split('/')[3]}`;
    paths[path] = { ...paths[path], [method]: operation };
  }
  return {
    ...document,
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: { ...document.components, schemas: { ...document.components?.schemas, ...usedSchemas(schemas, paths) } },
  };
}

/**
 * The answer schemas the paths refer to, directly or through another schema: responses.json is made from the
 * handlers' types, and a declared resource's handler that registers no route (a bulk change it does not declare)
 * leaves a schema no operation answers.
 */
function usedSchemas(schemas: Record<string, Schema>, paths: OpenAPIObject['paths']): Record<string, Schema> {
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')) {
          const name = inner.slice('#/components/schemas/'.length);
          if (!used.has(name) && schemas[name]) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(inner);
      }
    }
  };
  visit(paths);
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}

/** Adds to an operation what the code says of its route: the answer's schema, the errors, the access. */
function describeOperation(operation: Operation, route: RegisteredRoute, responses: Responses): void {
  operation.operationId = route.handler;
  operation.tags = [tagOf(route.path)];
  const success = Object.keys(operation.responses).find((code) => code.startsWith('2')) ?? '200';
  // The errors a handler declares of its own (@ApiResponse), with its words: a link that is no longer valid, say.
  const declared = Object.fromEntries(
    Object.entries(operation.responses)
      .filter(([code]) => /^[45]/.test(code))
      .map(([code, response]) => [code, typeof response.description === 'string' ? response.description : '']),
  );
  const answer = responses.operations[route.handler];
  const name = route.handler.split('.')[1];
  if (isLongLived(route.path)) {
    operation.responses = {
      [success]: {
        description: 'Um fluxo de eventos (Server-Sent Events), aberto até a sessão terminar.',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
    };
  } else if (answer === null) operation.responses = { [success]: { description: 'Sem conteúdo.' } };
  else if (answer?.format === 'binary' || CONTENT_OF_FILES[route.handler]) {
    const types = CONTENT_OF_FILES[route.handler] ?? CONTENT_OF_FILES[name] ?? ['application/octet-stream'];
    const file = { type: 'string', format: 'binary' };
    operation.responses = { [success]: { description: 'O arquivo.', content: Object.fromEntries(types.map((type) => [type, { schema: file }])) } };
  } else operation.responses = { [success]: { description: 'Sucesso.', content: { 'application/json': { schema: answer ?? {} } } } };

  const codes = [
    '400',
    ...(route.access === 'public' ? [] : ['401', '403']),
    ...(route.sameOriginJson ? ['403'] : []),
    ...(route.path.includes(':') ? ['404'] : []),
    // A read never conflicts (an Inertia page visit's 409 is not an API answer).
    ...(route.method !== 'GET' ? ['409'] : []),
    ...(route.conditional ? ['412'] : []),
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? ['413', '415'] : []),
    ...(route.access !== 'public' && route.method !== 'GET' ? ['419'] : []),
    ...(route.limits.length > 0 ? ['429'] : []),
    '500',
    '503',
  ];
  for (const code of [...new Set([...codes, ...Object.keys(declared)])].sort()) {
    const own = declared[code] || (code === '403' && route.stepUpAction ? `${ERRORS[code]} ${stepUpRequired(route.stepUpAction)}` : ERRORS[code]);
    const description =
      code === '403' && route.sameOriginJson ? (route.access === 'public' && !declared[code] ? CROSS_SITE_REQUEST : `${own} ${CROSS_SITE_REQUEST}`) : own;
    operation.responses[code] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
  }
  for (const parameter of (operation.parameters ?? []) as { in?: string; name?: string; schema?: Schema; description?: string }[]) {
    if (parameter.in !== 'path' || parameter.name !== 'id') continue;
    parameter.schema = { type: 'string', pattern: '^[1-9][0-9]{0,15}$' };
    parameter.description = 'O identificador do registro, só em dígitos decimais sem zero à esquerda (`1e1`, `0x10` ou `010` respondem 400 INVALID_ID).';
  }
  operation.security = route.access === 'public' ? [] : [{ bearer: [] }];
  const access = ACCESS[route.access] ?? `Acesso: ${route.access}.`;
  operation.description = [
    operation.description,
    access,
    route.sensitive ? 'Ação sensível: exige uma confirmação 2FA recente (`STEP_UP_MINUTES`).' : '',
    route.limits.length > 0 ? `Limite de requisições: ${route.limits.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}
