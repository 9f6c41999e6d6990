import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a free local port that keeps what it receives, parsed. */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A client's pooled connection left open would otherwise hold `close` for the default 30 seconds.
    closeTimeout: 100,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // smtp-server reports a connection's socket error as the server's 'error' event, which with no listener is an
  // uncaught exception: a client that drops mid-session (an instance killed under load, ADR 090) is the client's
  // failure, seen by the test through what was or was not received, not a crash of the listener.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
