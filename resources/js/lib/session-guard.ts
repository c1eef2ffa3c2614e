import { AUTOMATIC_REQUEST_HEADER } from '@shared/session.views';

/**
 * What the back office keeps in the browser about the session's two timing rules (issue "Session security"):
 * the person's last activity, shared by the tabs of this browser, which the idle warning counts from; the
 * requests for a 2FA confirmation that a sensitive action answered STEP_UP_REQUIRED; and the drafts of half-filled
 * forms kept while the session ends for inactivity, given back once the person is logged in again.
 */

/** The headers of a call the back office makes by itself: it is not the person's activity. */
export const AUTOMATIC: Record<string, string> = { [AUTOMATIC_REQUEST_HEADER]: '1' };

const ACTIVITY_KEY = 'agromaq:atividade';

/** Called before every request made by the person (API calls without AUTOMATIC, page visits). */
export function markActivity(at = Date.now()): void {
  try {
    window.localStorage.setItem(ACTIVITY_KEY, String(at));
  } catch {
    // Storage refused (private mode with no quota): the server's answer still decides.
  }
}

/** The person's last activity in any tab of this browser (ms), or now when none is known. */
export function lastActivity(): number {
  const value = Number(window.localStorage.getItem(ACTIVITY_KEY));
  return Number.isFinite(value) && value > 0 ? value : Date.now();
}

/**
 * A request for a 2FA confirmation as the dialog shows it: the actions waiting for it, in the words their 403
 * answered (`acao`: "exportar os contatos"), and how to end it.
 */
export interface StepUpRequest {
  actions: string[];
  done: (confirmed: boolean) => void;
}

type StepUpListener = (request: StepUpRequest) => void;
let stepUpListener: StepUpListener | null = null;
let pending: { promise: Promise<boolean>; actions: string[]; done: (confirmed: boolean) => void } | null = null;

/** The confirmation dialog of the admin layout registers here. */
export function onStepUpRequest(listener: StepUpListener | null): void {
  stepUpListener = listener;
}

/**
 * Asks the person for a 2FA code (the layout's "Confirme sua identidade" dialog), naming the `action` that asks
 * for it: resolves true once the session is confirmed, false when the person cancels. Several actions at once
 * share one dialog, which names them all.
 */
export function requestStepUp(action?: string): Promise<boolean> {
  if (!stepUpListener) return Promise.resolve(false);
  if (!pending) {
    let resolve: (confirmed: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((settle) => (resolve = settle));
    pending = {
      promise,
      actions: [],
      done: (confirmed) => {
        pending = null;
        resolve(confirmed);
      },
    };
  }
  if (action && !pending.actions.includes(action)) pending.actions = [...pending.actions, action];
  stepUpListener({ actions: pending.actions, done: pending.done });
  return pending.promise;
}

/** "exportar os contatos e exportar as empresas": the actions waiting for the code, as one phrase. */
const ACTIONS = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

/**
 * What the dialog asks: the actions that wait for the code, in the server's words, and for how long the code
 * spares the next ones (STEP_UP_MINUTES).
 */
export function stepUpPrompt(actions: string[], minutes: number): string {
  const spared = `não pediremos o código de novo por ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
  if (actions.length === 0) return `Esta ação pede o código 2FA do aplicativo autenticador. Ela é feita em seguida, e ${spared}.`;
  const next = actions.length === 1 ? 'A ação é feita em seguida' : 'As ações são feitas em seguida';
  return `Para ${ACTIONS.format(actions)}, digite o código 2FA do aplicativo autenticador. ${next}, e ${spared}.`;
}

/** A form's state as kept while the session ends: which page, which form, its values. */
interface Draft {
  /** The admin whose session it was: given back to that admin only. */
  owner: number;
  path: string;
  key: string;
  data: unknown;
  savedAt: number;
}

const DRAFTS_KEY = 'agromaq:rascunhos';
/** A draft older than this is not given back: the person has moved on. */
const DRAFT_LIFETIME_MS = 8 * 3600_000;

/** The forms on screen that can be kept: key → current values, while they differ from what they started with. */
const openForms = new Map<string, () => unknown>();

/** A form registers how to read its values while it is open (useApiForm with `draft`). */
export function registerDraft(key: string, read: () => unknown): () => void {
  openForms.set(key, read);
  return () => {
    if (openForms.get(key) === read) openForms.delete(key);
  };
}

function readDrafts(): Draft[] {
  try {
    const drafts = JSON.parse(window.sessionStorage.getItem(DRAFTS_KEY) ?? '[]') as Draft[];
    return Array.isArray(drafts) ? drafts.filter((draft) => Date.now() - draft.savedAt < DRAFT_LIFETIME_MS) : [];
  } catch {
    return [];
  }
}

function writeDrafts(drafts: Draft[]): void {
  try {
    if (drafts.length === 0) window.sessionStorage.removeItem(DRAFTS_KEY);
    else window.sessionStorage.setItem(DRAFTS_KEY, JSON.stringify(drafts));
  } catch {
    // No room: the form is lost as it would have been.
  }
}

/**
 * Keeps the half-filled forms of this page in this tab (sessionStorage: never sent anywhere, gone with the tab),
 * when the session ends for inactivity.
 */
export function keepDrafts(owner: number | null): void {
  if (owner === null) return;
  const path = window.location.pathname;
  const kept = [...openForms].map(([key, read]) => ({ owner, path, key, data: read(), savedAt: Date.now() })).filter((draft) => draft.data !== undefined);
  if (kept.length > 0) writeDrafts([...readDrafts().filter((draft) => draft.path !== path), ...kept]);
}

/** The draft kept for a form of this page whose key starts with `prefix` (a page reopens that form). */
export function pendingDraft(prefix: string): { key: string; data: unknown } | null {
  const path = window.location.pathname;
  const draft = readDrafts().find((candidate) => candidate.path === path && candidate.key.startsWith(prefix));
  return draft ? { key: draft.key, data: draft.data } : null;
}

/** Takes the draft of a form out of the browser, to fill it: given back once. */
export function takeDraft(key: string): unknown {
  const path = window.location.pathname;
  const drafts = readDrafts();
  const draft = drafts.find((candidate) => candidate.path === path && candidate.key === key);
  if (!draft) return undefined;
  writeDrafts(drafts.filter((candidate) => candidate !== draft));
  return draft.data;
}

/** Forgets every draft (logout: nothing of the session stays in the browser). */
export function clearDrafts(): void {
  writeDrafts([]);
}

/** At login: the drafts of another admin (a shared computer) are forgotten, never shown to this one. */
export function keepDraftsOf(admin: number): void {
  writeDrafts(readDrafts().filter((draft) => draft.owner === admin));
}
