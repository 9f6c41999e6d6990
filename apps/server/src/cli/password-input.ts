import { AUTH_MESSAGES } from '@daybook/shared';

/**
 * The new password for `set-password`: typed twice without echo at a terminal, or the first line of piped stdin
 * (never an argument, which would sit in the shell history and in `ps`).
 */
export async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const line = await readFirstLine();
    if (!line) fail('No password on stdin: pipe one line, or run the command in a terminal.');
    return line;
  }
  const first = await readHidden('New password: ');
  const second = await readHidden('Repeat it: ');
  if (first !== second) fail(AUTH_MESSAGES.passwordsDoNotMatch);
  if (!first) fail('The password is empty.');
  return first;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readFirstLine(): Promise<string> {
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) {
    text += chunk;
    if (text.includes('\n')) break;
  }
  process.stdin.destroy();
  return text.split('\n')[0]!.replace(/\r$/, '');
}

function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    // No echo before the prompt shows: a fast typist's first characters would appear on screen.
    stdin.setRawMode(true);
    process.stderr.write(prompt);
    stdin.setEncoding('utf8');
    stdin.resume();
    let value = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          stdin.off('data', onData);
          stdin.setRawMode(false);
          stdin.pause();
          process.stderr.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          process.stderr.write('\n');
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}
