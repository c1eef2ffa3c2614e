/**
 * The back office's live events (GET /api/admin/eventos, Server-Sent Events) and its bell (GET
 * /api/admin/notificacoes): the names and payloads the server sends and the client reads.
 */
import type { ChangeSource, HistoryOperation } from './history.views.js';

export const LIVE_EVENT_NAMES = [
  'contato.novo',
  'contadores',
  'registro.alterado',
  'tarefa.progresso',
  'tarefa.concluida',
  'sessao.encerrada',
  'fluxo.estado',
  'fluxo.encerrado',
] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

/** How far back a reconnecting tab's Last-Event-ID is replayed. */
export const LIVE_REPLAY_MINUTES = 10;
/** A comment line goes out on every stream this often, so proxies and the browser keep it open. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** Streams one session may hold open; the oldest is closed when another opens. */
export const LIVE_STREAMS_PER_SESSION = 5;
/** While live events are away (Redis down), the page reads the counts this often instead. */
export const LIVE_FALLBACK_REFRESH_MS = 60_000;

/** A message from the site: "Nova mensagem de {nome}". */
export interface NewContactEvent {
  id: number;
  nome: string;
  origem: string;
}

/** The sidebar's and the dashboard's figures after a change. */
export interface LiveCounts {
  contatosPendentes: number;
  usuariosAtivos: number;
  empresasAtivas: number;
}

export type LiveResource = 'empresa' | 'usuario' | 'contato' | 'admin';

/** Records one committed change touched (one record for a form's save, up to 500 for a bulk chunk). */
export interface RecordChangedEvent {
  recurso: LiveResource;
  registros: { id: number; versao: number; operacao: HistoryOperation }[];
  /** The admin who made it; null for the app, the site or the system. */
  por: { id: number; nome: string } | null;
  origem: ChangeSource;
}

/** A task of this admin (a bulk run, an import) moved on or ended. */
export interface TaskEvent {
  tarefa: string;
  tipo: 'lote' | 'importacao';
  recurso: LiveResource;
  /** Rows gone through and changed by this step (progresso) or by the whole task (concluida). */
  vistos: number;
  alterados: number;
  /** Concluida: the summary the bell shows. */
  resumo?: string;
}

/** This session was ended (logout, deactivation, the IP's removal): the page goes to the login at once. */
export interface SessionEndedEvent {
  codigo: 'NO_AUTH' | 'TOKEN_EXPIRED' | 'IP_REVOKED' | 'SESSION_IDLE';
  mensagem: string;
}

/** Whether events arrive live (Redis reachable): when not, the page refreshes the counts slowly. */
export interface StreamStateEvent {
  aoVivo: boolean;
}

/** The server closed this stream: too many tabs of one session ("limite"), or the instance is stopping ("reinicio"). */
export interface StreamClosedEvent {
  motivo: 'limite' | 'reinicio';
}

/** One entry of the bell. */
export interface NotificationView {
  id: number;
  tipo: string;
  titulo: string;
  link: string | null;
  criada_em: string;
  lida: boolean;
}

export interface NotificationPage {
  data: NotificationView[];
  nao_lidas: number;
  /** The id to ask the next (older) page from, or null. */
  proxima: number | null;
}

/** Shown in the bell for a message from the site. */
export const newContactTitle = (nome: string) => `Nova mensagem de ${nome}`;
