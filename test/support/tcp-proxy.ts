import { createServer, Socket, type Server } from 'node:net';
import { freePort } from './private-mariadb.js';

/** A TCP proxy to a local port that can be cut (every connection dropped, none accepted) and restored. */
export interface TcpProxy {
  port: number;
  /** Drops every connection and accepts none (the dependency "stops"). */
  down(): void;
  /** Accepts connections again (the dependency is back). */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(target: number): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve) => {
      // Already up: nothing to do.
      if (server) return resolve();
      server = createServer((client) => {
        const upstream = new Socket();
        sockets.add(client);
        sockets.add(upstream);
        upstream.connect(target, '127.0.0.1');
        client.pipe(upstream).pipe(client);
        for (const socket of [client, upstream]) {
          socket.on('error', () => undefined);
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await listen();
  const stop = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  return {
    port,
    down: () => void stop(),
    up: listen,
    close: stop,
  };
}
