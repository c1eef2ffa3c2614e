import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type request from 'supertest';
import type { AddressInfo } from 'node:net';

/** One event as an EventSource would see it. */
export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: unknown;
  /** When it was parsed (performance.now()). */
  at: number;
}

export interface TestStream {
  status: number;
  headers: IncomingMessage['headers'];
  events: ReceivedEvent[];
  /** Comment lines received (heartbeats, the opening comment). */
  comments: string[];
  retry: number | undefined;
  /** Resolves with the first event (from `from` on) matching, or rejects after `timeoutMs`. */
  next(match: (event: ReceivedEvent) => boolean, timeoutMs?: number, from?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The last id received. */
  lastId(): string | undefined;
  close(): void;
}

/** The port a test app listens on (it is started listening on a free one the first time). */
export async function listeningPort(server: Server): Promise<number> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * Opens GET /api/admin/eventos (or `path`) with `headers` and parses the Server-Sent Events as a browser does:
 * `id`, `event`, `data` (JSON), `retry` and comments.
 */
export async function openStream(port: number, headers: Record<string, string>, path = '/api/admin/eventos'): Promise<TestStream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      const events: ReceivedEvent[] = [];
      const comments: string[] = [];
      const waiters: { match: (event: ReceivedEvent) => boolean; from: number; done: (event: ReceivedEvent) => void }[] = [];
      let buffer = '';
      let lastId: string | undefined;
      let endedResolve: () => void = () => undefined;
      const ended = new Promise<void>((done) => (endedResolve = done));
      const stream: TestStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        retry: undefined,
        ended,
        lastId: () => lastId,
        next(match, timeoutMs = 5_000, from = 0) {
          const found = events.slice(from).find(match);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`no matching event in ${timeoutMs} ms; got ${events.map((e) => e.event).join(', ')}`)), timeoutMs);
            waiters.push({
              match,
              from,
              done: (event) => {
                clearTimeout(timer);
                done(event);
              },
            });
          });
        },
        close() {
          req.destroy();
        },
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let name = 'message';
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) name = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
            else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7));
          }
          if (id !== undefined) lastId = id;
          if (data.length === 0) continue;
          const event: ReceivedEvent = { id, event: name, data: JSON.parse(data.join('\n')), at: performance.now() };
          events.push(event);
          const index = events.length - 1;
          for (const waiter of Array.from(waiters)) {
            if (index >= waiter.from && waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.done(event);
            }
          }
        }
      });
      res.on('end', endedResolve);
      res.on('close', endedResolve);
      res.on('error', endedResolve);
      resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A supertest parser (`.buffer(true).parse(streamOrJson)`) for tests that call every route: a JSON (or text)
 * answer is read whole; an event stream, which never ends, is let go once it has begun.
 */
export function streamOrJson(answer: request.Response, done: (error: Error | null, body: unknown) => void) {
  // Superagent hands a parser the raw response stream.
  const res = answer as unknown as IncomingMessage;
  if (String(res.headers['content-type']).startsWith('text/event-stream')) {
    res.destroy();
    done(null, {});
    return;
  }
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => {
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, text);
    }
  });
}
