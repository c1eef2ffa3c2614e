import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

interface Tracked {
  active: number;
  served: number;
}

/** After the stop signal, the listener stays open until no connection has arrived for this long (at most `ACCEPT_MAX_MS`). */
const QUIET_MS = 150;
const ACCEPT_MAX_MS = 3_000;

/**
 * Graceful stop for an HTTP server. Connections a busy server has not accepted yet wait in the kernel's
 * backlog, and closing the listener resets them; so the listener stays open until arrivals stop (the load
 * balancer has taken the instance out), every response from then on says `Connection: close`, keep-alive
 * connections close as soon as they are idle, and the requests in progress finish. Node's own
 * `server.close()` would also drop accepted connections whose request the busy event loop has not read yet.
 */
export function trackConnections(server: Server): { drain: (graceMs: number) => Promise<void> } {
  const sockets = new Map<Socket, Tracked>();
  let draining = false;
  let lastConnectionAt = 0;

  server.on('connection', (socket: Socket) => {
    lastConnectionAt = Date.now();
    sockets.set(socket, { active: 0, served: 0 });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req, res) => {
    const state = sockets.get(req.socket);
    if (state) state.active += 1;
    if (draining) res.setHeader('Connection', 'close');
    res.once('finish', () => {
      if (!state) return;
      state.active -= 1;
      state.served += 1;
      if (draining && state.active === 0) req.socket.end();
    });
  });

  return {
    async drain(graceMs: number) {
      draining = true;
      const signalledAt = Date.now();
      while (Date.now() - lastConnectionAt < QUIET_MS && Date.now() - signalledAt < ACCEPT_MAX_MS) await new Promise((resolve) => setTimeout(resolve, 25));
      // Stop listening only: the http.Server close would also drop connections it considers idle.
      NetServer.prototype.close.call(server);
      for (const [socket, state] of sockets) if (state.active === 0 && state.served > 0) socket.end();
      const deadline = Date.now() + graceMs;
      while (sockets.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      for (const socket of sockets.keys()) socket.destroy();
    },
  };
}
