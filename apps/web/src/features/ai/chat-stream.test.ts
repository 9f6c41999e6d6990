import type { ChatStreamEvent } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { ChatStreamParser } from './api/chat-stream.ts';

const remaining = { insights: 2, coaching: 0, futureChat: 1 };
const WIRE =
  `event: start\ndata: ${JSON.stringify({ conversationId: 'c-1', remaining })}\n\n` +
  ': keep-alive\n\n' +
  `event: delta\ndata: ${JSON.stringify({ text: 'Hello, ' })}\n\n` +
  `event: delta\ndata: ${JSON.stringify({ text: 'ünïcode ✓' })}\n\n` +
  `event: done\ndata: ${JSON.stringify({ conversationId: 'c-1', messageId: 'm-2' })}\n\n`;

const EXPECTED: ChatStreamEvent[] = [
  { event: 'start', data: { conversationId: 'c-1', remaining } },
  { event: 'delta', data: { text: 'Hello, ' } },
  { event: 'delta', data: { text: 'ünïcode ✓' } },
  { event: 'done', data: { conversationId: 'c-1', messageId: 'm-2' } },
];

function parseInPieces(wire: string, size: number) {
  const parser = new ChatStreamParser();
  const events: ChatStreamEvent[] = [];
  for (let at = 0; at < wire.length; at += size) events.push(...parser.push(wire.slice(at, at + size)));
  return events;
}

describe('the chat stream parser', () => {
  it('reads the wire format whole', () => {
    expect(new ChatStreamParser().push(WIRE)).toEqual(EXPECTED);
  });

  it('reads it however the chunks split events, lines and fields', () => {
    for (const size of [1, 2, 3, 7, 13, 50]) expect(parseInPieces(WIRE, size)).toEqual(EXPECTED);
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const parser = new ChatStreamParser();
    expect(parser.push('event: delta\ndata: {"text":"par')).toEqual([]);
    expect(parser.push('tial"}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'delta', data: { text: 'partial' } }]);
  });

  it('accepts CRLF line ends and the error event', () => {
    const wire =
      'event: error\r\ndata: {"code":"AI_PROVIDER_FAILED","message":"The AI provider did not respond."}\r\n\r\n';
    expect(new ChatStreamParser().push(wire)).toEqual([
      { event: 'error', data: { code: 'AI_PROVIDER_FAILED', message: 'The AI provider did not respond.' } },
    ]);
  });

  it('skips unknown events, events without data and data that is not the contract', () => {
    const wire =
      'event: ping\ndata: {}\n\n' +
      'event: delta\n\n' +
      'event: delta\ndata: not json\n\n' +
      'event: delta\ndata: {"wrong":1}\n\n' +
      'event: delta\ndata: {"text":"kept"}\n\n';
    expect(new ChatStreamParser().push(wire)).toEqual([{ event: 'delta', data: { text: 'kept' } }]);
  });
});
