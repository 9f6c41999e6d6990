import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { AdminRequest, AdminResponse, failed } from './protocol.ts';

/**
 * The running server's door for the admin CLI on the embedded database: a Unix socket in DATA_DIR. The directory is
 * 0700 and the socket 0600, so only the server's user can connect; one JSON request per line, one JSON answer.
 */
export const SOCKET_FILE = 'admin.sock';
const MAX_REQUEST_BYTES = 64 * 1024;

export const controlSocketPath = (dataDir: string) => path.join(dataDir, SOCKET_FILE);

export type ControlSocket = { path: string; close(): Promise<void> };

export async function startControlSocket(options: {
  dataDir: string;
  handle: (request: AdminRequest) => Promise<AdminResponse>;
  onError?: (error: unknown) => void;
}): Promise<ControlSocket> {
  const socketPath = controlSocketPath(options.dataDir);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(options.dataDir, 0o700);
  // The caller holds the data-directory lock, so a socket file left here belongs to a process that is gone.
  rmSync(socketPath, { force: true });

  /** Each open connection, and whether its request is being run (those finish before close() returns). */
  const connections = new Map<net.Socket, { isRunning: boolean }>();
  const server = net.createServer((connection) => {
    const state = { isRunning: false };
    connections.set(connection, state);
    connection.on('close', () => connections.delete(connection));
    connection.on('error', () => connection.destroy());
    let buffer = '';
    let isAnswered = false;
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      if (isAnswered) return;
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline === -1) {
        if (buffer.length > MAX_REQUEST_BYTES) {
          isAnswered = true;
          connection.end(`${JSON.stringify(failed('invalid_request', 'The request is too large.'))}\n`);
        }
        return;
      }
      isAnswered = true;
      state.isRunning = true;
      void answer(buffer.slice(0, newline)).then((response) =>
        connection.end(`${JSON.stringify(response)}\n`),
      );
    });
  });

  async function answer(line: string): Promise<AdminResponse> {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return failed('invalid_request', 'The request is not JSON.');
    }
    const request = AdminRequest.safeParse(json);
    if (!request.success) {
      return failed(
        'invalid_request',
        ...request.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      );
    }
    try {
      return await options.handle(request.data);
    } catch (error) {
      options.onError?.(error);
      return failed('internal_error', `The server could not run the command: ${(error as Error).message}`);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);

  return {
    path: socketPath,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A command in flight runs to its answer; a client that has sent nothing yet is not waited for.
        for (const [connection, state] of connections) if (!state.isRunning) connection.destroy();
      });
      rmSync(socketPath, { force: true });
    },
  };
}

export type SocketAnswer =
  | { kind: 'answered'; response: AdminResponse }
  /** Nobody listens (no socket file, or a file left by a server that is gone). */
  | { kind: 'no-server' }
  /** The socket is there but refuses us (permissions, a hung server): nothing was sent. */
  | { kind: 'unreachable'; reason: string }
  /** A server took the request but the answer never came: the command may or may not have run. */
  | { kind: 'lost'; reason: string };

export function sendControlRequest(
  socketPath: string,
  request: AdminRequest,
  timeoutMs: number,
): Promise<SocketAnswer> {
  return new Promise((resolve) => {
    let isConnected = false;
    let buffer = '';
    let isSettled = false;
    const settle = (answer: SocketAnswer) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      connection.destroy();
      resolve(answer);
    };
    const connection = net.createConnection(socketPath);
    const timer = setTimeout(
      () =>
        settle(
          isConnected
            ? { kind: 'lost', reason: `no answer within ${Math.round(timeoutMs / 1000)} s` }
            : { kind: 'unreachable', reason: 'the control socket accepts no connection' },
        ),
      timeoutMs,
    );
    connection.setEncoding('utf8');
    connection.on('connect', () => {
      isConnected = true;
      connection.write(`${JSON.stringify(request)}\n`);
    });
    connection.on('data', (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline === -1) return;
      const parsed = (() => {
        try {
          return AdminResponse.safeParse(JSON.parse(buffer.slice(0, newline)));
        } catch {
          return null;
        }
      })();
      settle(
        parsed?.success
          ? { kind: 'answered', response: parsed.data }
          : { kind: 'lost', reason: 'the server answered something that is not a valid response' },
      );
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (!isConnected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) {
        settle({ kind: 'no-server' });
      } else {
        settle(
          isConnected
            ? { kind: 'lost', reason: error.message }
            : { kind: 'unreachable', reason: error.message },
        );
      }
    });
    connection.on('close', () =>
      settle({ kind: 'lost', reason: 'the server closed the connection without an answer' }),
    );
  });
}
