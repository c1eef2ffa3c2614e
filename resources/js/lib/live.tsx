import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  LIVE_EVENT_NAMES,
  LIVE_FALLBACK_REFRESH_MS,
  type LiveCounts,
  type LiveEventName,
  type NewContactEvent,
  type SessionEndedEvent,
  type StreamClosedEvent,
  type StreamStateEvent,
  type TaskEvent,
} from '@shared/live.views';
import { useToast } from '../components/ui/Toast';
import { api } from './api';
import { endSession } from './session';
import { AUTOMATIC } from './session-guard';

/**
 * What the server shares with every admin page: the figures and the bell's unread count as they are now, and
 * the id of the last event before they were read, where the tab's first stream starts (so an event raised
 * between the page and its stream is not lost).
 */
export interface LiveProps {
  contadores: LiveCounts;
  naoLidas: number;
  desde: string;
}

type Listener = (data: unknown) => void;

interface LiveContextValue {
  /** The sidebar's and the dashboard's figures, moved on by `contadores`. */
  counts: LiveCounts | null;
  /** Whether events arrive live; false while they are away (the counts are then read every minute). */
  live: boolean;
  /** This tab's stream was closed because the session has too many tabs open. */
  paused: boolean;
  unread: number;
  setUnread: (update: (current: number) => number) => void;
  /** Calls `listener` with each event of that name; returns how to stop. */
  subscribe: (name: LiveEventName, listener: Listener) => () => void;
  /** Opens this tab's stream again after it was paused. */
  resume: () => void;
}

const LiveContext = createContext<LiveContextValue>({
  counts: null,
  live: false,
  paused: false,
  unread: 0,
  setUnread: () => undefined,
  subscribe: () => () => undefined,
  resume: () => undefined,
});

export function useLive(): LiveContextValue {
  return useContext(LiveContext);
}

/** Calls `listener` with each live event of `name` while the component is mounted. */
export function useLiveEvent<T>(name: LiveEventName, listener: (data: T) => void): void {
  const { subscribe } = useLive();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe(name, (data) => latest.current(data as T)), [name, subscribe]);
}

/** Where the last stream of this tab stopped, kept across page visits so a new stream replays from there. */
let lastEventId: string | undefined;
/** How long to wait before opening a stream the browser gave up on (a refused or failed answer), doubled each time. */
const RECONNECT_FIRST_MS = 2_000;
const RECONNECT_MAX_MS = 60_000;

/**
 * The back office's live events for this tab: one EventSource on /api/admin/eventos, opened once for the admin
 * layout and kept across page visits. The browser reconnects by itself with Last-Event-ID; a stream it gave up
 * on is opened again with the last id as `ultimo`, after a growing pause. Nothing is polled while events arrive:
 * only while they are away (Redis down, this tab paused) are the counts read every minute.
 */
export function LiveProvider({ initial, children }: { initial: LiveProps | null; children: ReactNode }) {
  const toast = useToast();
  const [counts, setCounts] = useState<LiveCounts | null>(initial?.contadores ?? null);
  const [unread, setUnreadState] = useState(initial?.naoLidas ?? 0);
  const [live, setLive] = useState(false);
  const [paused, setPaused] = useState(false);
  const [generation, setGeneration] = useState(0);
  const listeners = useRef(new Map<LiveEventName, Set<Listener>>());
  const enabled = initial !== null;

  // A page visit brings the figures as the server read them: newer than any event this tab has not had yet.
  useEffect(() => {
    if (!initial) return;
    setCounts(initial.contadores);
    setUnreadState(initial.naoLidas);
  }, [initial?.contadores.contatosPendentes, initial?.contadores.usuariosAtivos, initial?.contadores.empresasAtivas, initial?.naoLidas]);

  const subscribe = useCallback((name: LiveEventName, listener: Listener) => {
    const set = listeners.current.get(name) ?? new Set<Listener>();
    set.add(listener);
    listeners.current.set(name, set);
    return () => {
      set.delete(listener);
    };
  }, []);

  const setUnread = useCallback((update: (current: number) => number) => setUnreadState((current) => Math.max(0, update(current))), []);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    // The first stream of this tab replays what came after the page was read.
    lastEventId ??= initial?.desde || undefined;
    let source: EventSource | null = null;
    let stopped = false;
    let retryTimer: number | undefined;
    let pause = RECONNECT_FIRST_MS;

    const refreshCounts = () =>
      api('GET', '/admin/contadores', undefined, AUTOMATIC).then(
        (now) => setCounts(now),
        () => undefined,
      );

    function handle(name: LiveEventName, data: unknown) {
      switch (name) {
        case 'contadores':
          setCounts(data as LiveCounts);
          break;
        case 'fluxo.estado':
          setLive((data as StreamStateEvent).aoVivo);
          pause = RECONNECT_FIRST_MS;
          break;
        case 'fluxo.encerrado':
          if ((data as StreamClosedEvent).motivo === 'limite') {
            stop();
            setLive(false);
            setPaused(true);
          }
          break;
        case 'sessao.encerrada': {
          stop();
          const ended = data as SessionEndedEvent;
          endSession(ended.codigo, ended.codigo === 'TOKEN_EXPIRED' ? 'sessao_expirada' : 'sessao_encerrada');
          break;
        }
        case 'contato.novo': {
          const contact = data as NewContactEvent;
          toast('info', `Nova mensagem de ${contact.nome}`, { href: `/admin/contato?abrir=${contact.id}`, label: 'Abrir' });
          setUnread((current) => current + 1);
          break;
        }
        case 'tarefa.concluida':
          if ((data as TaskEvent).resumo) setUnread((current) => current + 1);
          break;
        default:
          break;
      }
      for (const listener of listeners.current.get(name) ?? []) listener(data);
    }

    function open() {
      if (stopped) return;
      const url = lastEventId ? `/api/admin/eventos?ultimo=${encodeURIComponent(lastEventId)}` : '/api/admin/eventos';
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      for (const name of LIVE_EVENT_NAMES) {
        current.addEventListener(name, (event: MessageEvent<string>) => {
          if (event.lastEventId) lastEventId = event.lastEventId;
          try {
            handle(name, JSON.parse(event.data));
          } catch {
            // An event this page cannot read is skipped; the next ones still come.
          }
        });
      }
      current.onerror = () => {
        setLive(false);
        if (current.readyState !== EventSource.CLOSED || stopped) return;
        // The browser gave up (an answer that was not a stream): the counts are read (a 401 ends the session
        // there), and the stream is opened again later.
        void refreshCounts();
        retryTimer = window.setTimeout(open, pause);
        pause = Math.min(pause * 2, RECONNECT_MAX_MS);
      };
    }

    function stop() {
      stopped = true;
      window.clearTimeout(retryTimer);
      source?.close();
    }

    setPaused(false);
    open();
    return stop;
  }, [enabled, generation, toast, setUnread]);

  // Only while events are away: the figures are read every minute instead.
  useEffect(() => {
    if (!enabled || live) return;
    const timer = window.setInterval(
      () =>
        void api('GET', '/admin/contadores', undefined, AUTOMATIC).then(
          (now) => setCounts(now),
          () => undefined,
        ),
      LIVE_FALLBACK_REFRESH_MS,
    );
    return () => window.clearInterval(timer);
  }, [enabled, live]);

  const resume = useCallback(() => setGeneration((value) => value + 1), []);

  return <LiveContext.Provider value={{ counts, live, paused, unread, setUnread, subscribe, resume }}>{children}</LiveContext.Provider>;
}
