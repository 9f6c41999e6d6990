import net, { type AddressInfo } from 'node:net';

/**
 * A TCP relay on a free local port in front of a real server (PostgreSQL here), so a test can take the
 * server away from one app without touching the server other tests share: `stop()` is an outage (every
 * connection cut, new ones refused), `pause()` a network that hangs (connections stay open, nothing arrives).
 */
export async function startTcpProxy(target: { host: string; port: number }, port = 0) {
  const sockets = new Set<net.Socket>();
  let isPaused = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A relay cut on purpose errors on the other side; that is the point, not a failure of the test.
    socket.on('error', () => socket.destroy());
    if (isPaused) socket.pause();
  };
  /** Forwards by hand rather than with pipe(): a pipe resumes its source on drain, even while paused. */
  const relay = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (to.write(chunk)) return;
      from.pause();
      to.once('drain', () => {
        if (!isPaused) from.resume();
      });
    });
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    relay(client, upstream);
    relay(upstream, client);
    track(client);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    /** Pass it to a second proxy to bring the "host" back at the same address. */
    port: (server.address() as AddressInfo).port,
    /** Refuses new connections and cuts every open one, as a database host going down would. */
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    /** Nothing goes through any more, open or new connection alike, and nothing is closed: a hung network. */
    pause() {
      isPaused = true;
      for (const socket of sockets) socket.pause();
    },
    /** Everything held back goes through. */
    resume() {
      isPaused = false;
      for (const socket of sockets) socket.resume();
    },
  };
}
