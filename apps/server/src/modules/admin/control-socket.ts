import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { AdminProgress, AdminRequest, AdminResponse, failed } from './protocol.ts';
import type { AdminRunContext } from './service.ts';

/**
 * The running server's door for the admin CLI on the embedded database: a Unix socket in DATA_DIR. The directory is
 * 0700 and the socket 0600, so only the server's user can connect; one JSON request per line, then any number of
 * progress lines (AdminProgress) and one JSON answer.
 */
export const SOCKET_FILE = 'admin.sock';
const MAX_REQUEST_BYTES = 64 * 1024;

export const controlSocketPath = (dataDir: string) => path.join(dataDir, SOCKET_FILE);

export type ControlSocket = { path: string; close(): Promise<void> };

export async function startControlSocket(options: {
  dataDir: string;
  /** `context.signal` aborts when the client goes away or the server closes: a seed stops between two batches. */
  handle: (request: AdminRequest, context: Required<AdminRunContext>) => Promise<AdminResponse>;
  onError?: (error: unknown) => void;
}): Promise<ControlSocket> {
  const socketPath = controlSocketPath(options.dataDir);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(options.dataDir, 0o700);
  // The caller holds the data-directory lock, so a socket file left here belongs to a process that is gone.
  rmSync(socketPath, { force: true });

  /**
   * Each open connection, whether its request is being run (those finish before close() returns), and the signal
   * that asks it to stop early.
   */
  const connections = new Map<net.Socket, { isRunning: boolean; stop: AbortController }>();
  const server = net.createServer((connection) => {
    const state = { isRunning: false, stop: new AbortController() };
    connections.set(connection, state);
    connection.on('close', () => {
      connections.delete(connection);
      // Nobody is left to read the answer (the CLI was interrupted or killed): a long command need not go on.
      state.stop.abort();
    });
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
      const report = (line: string) => {
        if (connection.writable)
          connection.write(`${JSON.stringify({ progress: line } satisfies AdminProgress)}\n`);
      };
      void answer(buffer.slice(0, newline), { report, signal: state.stop.signal }).then((response) =>
        connection.end(`${JSON.stringify(response)}\n`),
      );
    });
  });

  async function answer(line: string, context: Required<AdminRunContext>): Promise<AdminResponse> {
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
      return await options.handle(request.data, context);
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
        // A command in flight runs to its answer (a seed stops at its next batch and says so); a client that has
        // sent nothing yet is not waited for.
        for (const [connection, state] of connections) {
          if (state.isRunning) state.stop.abort();
          else connection.destroy();
        }
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

/**
 * Sends one request and waits for its answer. `timeoutMs` is how long the server may stay silent: each progress line
 * (passed to `onProgress`) starts it again, so a long seed is not cut off while a hung server still is.
 */
export function sendControlRequest(
  socketPath: string,
  request: AdminRequest,
  timeoutMs: number,
  onProgress?: (line: string) => void,
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
    const onSilence = () =>
      settle(
        isConnected
          ? { kind: 'lost', reason: `no answer within ${Math.round(timeoutMs / 1000)} s` }
          : { kind: 'unreachable', reason: 'the control socket accepts no connection' },
      );
    let timer = setTimeout(onSilence, timeoutMs);
    connection.setEncoding('utf8');
    connection.on('connect', () => {
      isConnected = true;
      connection.write(`${JSON.stringify(request)}\n`);
    });
    connection.on('data', (chunk: string) => {
      buffer += chunk;
      for (let newline = buffer.indexOf('\n'); newline !== -1 && !isSettled; newline = buffer.indexOf('\n')) {
        const json = (() => {
          try {
            return JSON.parse(buffer.slice(0, newline)) as unknown;
          } catch {}
        })();
        buffer = buffer.slice(newline + 1);
        const progress = AdminProgress.safeParse(json);
        if (progress.success) {
          clearTimeout(timer);
          timer = setTimeout(onSilence, timeoutMs);
          onProgress?.(progress.data.progress);
          continue;
        }
        const parsed = AdminResponse.safeParse(json);
        settle(
          parsed.success
            ? { kind: 'answered', response: parsed.data }
            : { kind: 'lost', reason: 'the server answered something that is not a valid response' },
        );
      }
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
