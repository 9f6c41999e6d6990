import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MESSAGES } from '@daybook/shared';
import StreamJsonParser from 'stream-json/Parser.js';
import { createBreather } from '../../lib/breather.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * An archive's JSON read as a stream (ADR 054): `{ …members, "<arrayKey>": [record, record, …] }` is tokenized
 * chunk by chunk (stream-json's parser, ~64 KB of input at a time, so the event loop is never held for long), and
 * only one record is ever assembled in memory: each element of the array is handed to `onRecord` as soon as it
 * ends, and the stream waits for that to finish before it reads on. Nothing is assembled beyond `maxValueChars`
 * characters of source per record or member, so neither a huge file nor one huge value can fill the heap.
 */
export type JsonRecordsOptions = {
  /** The file's name inside the archive, for messages. */
  file: string;
  arrayKey: string;
  /** The most characters (keys, strings, numbers, one per other value) one record or member may hold. */
  maxValueChars: number;
  /** Records beyond this refuse the file at once, before the rest is read. */
  maxRecords: number;
  tooManyRecords: () => AppError;
  /** Each top-level member other than the array, as soon as it is read (it may throw to refuse the file). */
  onMember?: (key: string, value: unknown) => void;
  /** Each record in order; the file is not read further until the promise settles. */
  onRecord: (value: unknown, index: number) => Promise<void>;
  /** Bytes of the file handed to the parser so far (an import's progress, ADR 077). */
  onBytes?: (bytes: number) => void;
};

export type JsonRecordsResult = {
  /** The top-level members other than the array. */
  head: Record<string, unknown>;
  /** Whether the array was there (and streamed). */
  sawArray: boolean;
  records: number;
};

type Token = { name: string; value?: string };
type Container = unknown[] | Record<string, unknown>;

class ValueTooLarge extends Error {}

/** Assembles one JSON value from tokens, refusing it once it holds more than `maxChars`. */
class ValueBuilder {
  private readonly stack: Container[] = [];
  private readonly keys: (string | null)[] = [];
  private chunks: string[] = [];
  private chars = 0;
  value: unknown = undefined;
  done = false;

  constructor(private readonly maxChars: number) {}

  private count(n: number) {
    this.chars += n;
    if (this.chars > this.maxChars) throw new ValueTooLarge();
  }

  private place(value: unknown) {
    const parent = this.stack.at(-1);
    if (!parent) {
      this.value = value;
      this.done = true;
    } else if (Array.isArray(parent)) parent.push(value);
    else {
      const key = this.keys.at(-1) ?? '';
      // Own data property even for "__proto__": an archive's keys never reach a prototype.
      Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
      this.keys[this.keys.length - 1] = null;
    }
  }

  private text(): string {
    const joined = this.chunks.join('');
    this.chunks = [];
    return joined;
  }

  /** Feeds one token; `done` turns true with the token that ends the value. */
  push(token: Token): void {
    this.count(1);
    switch (token.name) {
      case 'startObject':
      case 'startArray': {
        const container: Container = token.name === 'startArray' ? [] : {};
        this.stack.push(container);
        this.keys.push(null);
        return;
      }
      case 'endObject':
      case 'endArray': {
        const container = this.stack.pop();
        this.keys.pop();
        this.place(container);
        return;
      }
      case 'stringChunk':
      case 'numberChunk':
        this.count(token.value!.length);
        this.chunks.push(token.value!);
        return;
      case 'endKey':
        this.keys[this.keys.length - 1] = this.text();
        return;
      case 'endString':
        this.place(this.text());
        return;
      case 'endNumber':
        this.place(Number(this.text()));
        return;
      case 'nullValue':
        this.place(null);
        return;
      case 'trueValue':
        this.place(true);
        return;
      case 'falseValue':
        this.place(false);
        return;
      default:
        // startKey, startString, startNumber: their chunks follow.
        return;
    }
  }
}

/** Bytes the parser tokenizes in one go (~1 ms of work): a zip stream hands over 16–64 KB at a time. */
const SLICE_BYTES = 4096;

/**
 * Hands the parser its input a slice at a time and lets the event loop in between once 10 ms have gone by, so
 * tokenizing never holds it for a whole chunk (a UTF-8 character cut in two is joined again by the parser).
 */
function inSlices(onBytes?: (bytes: number) => void): Transform {
  const breathe = createBreather();
  let bytes = 0;
  return new Transform({
    writableHighWaterMark: SLICE_BYTES,
    readableHighWaterMark: SLICE_BYTES,
    async transform(chunk: Buffer, _encoding, done) {
      for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
        this.push(chunk.subarray(at, at + SLICE_BYTES));
        await breathe();
      }
      bytes += chunk.length;
      onBytes?.(bytes);
      done();
    },
  });
}

const notJson = (file: string) =>
  new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.badJson(file, 'it is not valid JSON.'));

export async function readJsonRecords(
  source: Readable,
  options: JsonRecordsOptions,
): Promise<JsonRecordsResult> {
  const { file, arrayKey, maxValueChars } = options;
  const head = new Map<string, unknown>();
  let state: 'start' | 'key' | 'member' | 'records' | 'end' = 'start';
  let keyChunks: string[] = [];
  let keyChars = 0;
  let key = '';
  let builder: ValueBuilder | null = null;
  let records = 0;
  let sawArray = false;
  let finished = false;

  const tooLarge = () =>
    state === 'records'
      ? new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.entryTooLarge(file, records))
      : new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.badJson(file, `${key.slice(0, 60)} is too large.`));

  /** Handles one token; a record that ends here is returned for the caller to hand on. */
  function feed(token: Token): { value: unknown; index: number } | null {
    switch (state) {
      case 'start':
        if (token.name !== 'startObject')
          throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.badJson(file, 'it is not a JSON object.'));
        state = 'key';
        return null;
      case 'key':
        if (token.name === 'endObject') {
          state = 'end';
          finished = true;
        } else if (token.name === 'stringChunk') {
          keyChars += token.value!.length;
          if (keyChars > maxValueChars) throw notJson(file);
          keyChunks.push(token.value!);
        } else if (token.name === 'endKey') {
          key = keyChunks.join('');
          keyChunks = [];
          keyChars = 0;
          state = 'member';
        }
        return null;
      case 'member':
        if (!builder && key === arrayKey && token.name === 'startArray') {
          sawArray = true;
          state = 'records';
          return null;
        }
        builder ??= new ValueBuilder(maxValueChars);
        builder.push(token);
        if (builder.done) {
          head.set(key, builder.value);
          builder = null;
          state = 'key';
          options.onMember?.(key, head.get(key));
        }
        return null;
      case 'records': {
        if (!builder && token.name === 'endArray') {
          state = 'key';
          return null;
        }
        if (!builder) {
          if (records >= options.maxRecords) throw options.tooManyRecords();
          builder = new ValueBuilder(maxValueChars);
        }
        builder.push(token);
        if (!builder.done) return null;
        const value = builder.value;
        builder = null;
        return { value, index: records++ };
      }
      default:
        return null;
    }
  }

  const sink = new Writable({
    objectMode: true,
    highWaterMark: 256,
    write(token: Token, _encoding, done) {
      let record: ReturnType<typeof feed>;
      try {
        record = feed(token);
      } catch (error) {
        return done(error instanceof ValueTooLarge ? tooLarge() : (error as Error));
      }
      if (!record) return done();
      options.onRecord(record.value, record.index).then(() => done(), done);
    },
  });

  // Values come in chunks (no packed strings, keys or numbers): the builder counts them as they arrive.
  const parser = new StreamJsonParser({ packValues: false, writableHighWaterMark: SLICE_BYTES });
  try {
    await pipeline(source, inSlices(options.onBytes), parser, sink);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notJson(file);
  }
  if (!finished) throw notJson(file);
  // fromEntries defines own properties, so even a "__proto__" member stays data.
  return { head: Object.fromEntries(head), sawArray, records };
}
