/**
 * Stand-ins for the browser APIs jsdom lacks (object URLs, XHR upload progress, media elements, canvas,
 * createImageBitmap, getUserMedia, MediaRecorder, IntersectionObserver), for the media and layout tests. They replace browser APIs,
 * never the app's own modules; `restoreMocks` and `unstubGlobals` undo the spies and globals after each test.
 */
import { vi } from 'vitest';

// ---------------------------------------------------------------- object URLs

export function fakeObjectUrls() {
  let next = 0;
  const created = new Map<string, Blob>();
  const revoked: string[] = [];
  const create = vi.fn((blob: Blob) => {
    const url = `blob:test/${++next}`;
    created.set(url, blob);
    return url;
  });
  const revoke = vi.fn((url: string) => {
    revoked.push(url);
  });
  Object.defineProperty(URL, 'createObjectURL', { value: create, configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: revoke, configurable: true, writable: true });
  return { created, revoked, create, revoke };
}

// ---------------------------------------------------------------- IntersectionObserver

type ObserverWatch = {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit | undefined;
  watched: Element[];
};

/**
 * IntersectionObserver whose elements come near the screen when the test says so: `nearing(true)` tells every
 * watcher that all it watches intersects.
 */
export function fakeIntersectionObserver() {
  const watchers: ObserverWatch[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly watch: ObserverWatch;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.watch = { callback, options, watched: [] };
        watchers.push(this.watch);
      }
      observe(element: Element) {
        this.watch.watched.push(element);
      }
      disconnect() {
        this.watch.watched = [];
      }
    },
  );
  const nearing = (isIntersecting: boolean) => {
    for (const watcher of [...watchers]) {
      const records = watcher.watched.map((target) => ({ target, isIntersecting }));
      if (records.length > 0)
        watcher.callback(records as IntersectionObserverEntry[], {} as IntersectionObserver);
    }
  };
  return { watchers, nearing };
}

// ---------------------------------------------------------------- XMLHttpRequest

export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  isAborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.isAborted = true;
    this.onabort?.();
  }
  /** The upload has sent `loaded` of `total` bytes. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
  /** The `file` field of a multipart upload. */
  get file(): File | null {
    return this.body instanceof FormData ? (this.body.get('file') as File | null) : null;
  }
}

export function fakeXhr() {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    get requests() {
      return FakeXhr.instances;
    },
    get last(): FakeXhr {
      const last = FakeXhr.instances.at(-1);
      if (!last) throw new Error('No XMLHttpRequest was sent');
      return last;
    },
  };
}

// ---------------------------------------------------------------- <audio> and <video>

type MediaElementStub = {
  /** What `duration` reads once metadata is loaded (NaN before). */
  duration?: number;
  /** Fire `error` instead of loading. */
  isUnreadable?: boolean;
  videoWidth?: number;
  videoHeight?: number;
  /** Never fire `seeked` (to test the frame timeout). */
  isStuck?: boolean;
};

/**
 * jsdom's media elements never load. This one fires `loadedmetadata` and `loadeddata` (or `error`) soon
 * after `src` is set, and `seeked` soon after `currentTime` is set; the times asked for are recorded.
 */
export function fakeMediaElements(options: MediaElementStub = {}) {
  const seeks: number[] = [];
  const sources: string[] = [];
  const soon = (fire: () => void) => setTimeout(fire, 0);
  const times = new WeakMap<HTMLMediaElement, number>();
  vi.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function (
    this: HTMLMediaElement,
    value,
  ) {
    sources.push(value);
    this.setAttribute('src', value);
    soon(() => {
      if (options.isUnreadable) {
        this.dispatchEvent(new Event('error'));
        return;
      }
      this.dispatchEvent(new Event('loadedmetadata'));
      this.dispatchEvent(new Event('loadeddata'));
    });
  });
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockImplementation(
    () => options.duration ?? Number.NaN,
  );
  vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return times.get(this) ?? 0;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set').mockImplementation(function (
    this: HTMLMediaElement,
    value: number,
  ) {
    times.set(this, value);
    seeks.push(value);
    if (!options.isStuck) soon(() => this.dispatchEvent(new Event('seeked')));
  });
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockImplementation(
    () => options.videoWidth ?? 1280,
  );
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockImplementation(
    () => options.videoHeight ?? 720,
  );
  return { seeks, sources };
}

// ---------------------------------------------------------------- canvas and createImageBitmap

export function fakeCanvas({ canEncode = true }: { canEncode?: boolean } = {}) {
  const drawImage = vi.fn();
  const encoded: Array<{ width: number; height: number; type: string; quality: number | undefined }> = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    // `never`: TensorFlow.js brings WebGPU's types, whose getContext overload is the one a spy is typed by.
    () => ({ drawImage }) as never,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
    quality?: number,
  ) {
    encoded.push({ width: this.width, height: this.height, type: type ?? 'image/png', quality });
    const blob = canEncode
      ? new Blob([`encoded ${this.width}x${this.height}`], { type: type ?? 'image/png' })
      : null;
    setTimeout(() => callback(blob), 0);
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (
    this: HTMLCanvasElement,
    type?: string,
    quality?: number,
  ) {
    encoded.push({ width: this.width, height: this.height, type: type ?? 'image/png', quality });
    return `data:${type ?? 'image/png'};base64,RlJBTUU=`;
  });
  return { drawImage, encoded };
}

export function fakeImageDecoding(size: { width: number; height: number } | 'unreadable') {
  const close = vi.fn();
  const decode = vi.fn(async () => {
    if (size === 'unreadable')
      throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { ...size, close } as unknown as ImageBitmap;
  });
  vi.stubGlobal('createImageBitmap', decode);
  return { decode, close };
}

// ---------------------------------------------------------------- getUserMedia and MediaRecorder

export type FakeTrack = { kind: string; stop: ReturnType<typeof vi.fn>; readyState: string };

export function fakeStream(kinds: string[] = ['audio']) {
  const tracks: FakeTrack[] = kinds.map((kind) => {
    const track: FakeTrack = {
      kind,
      readyState: 'live',
      stop: vi.fn(() => {
        track.readyState = 'ended';
      }),
    };
    return track;
  });
  const stream = { id: `stream-${Math.random()}`, getTracks: () => tracks } as unknown as MediaStream;
  return { stream, tracks };
}

/**
 * navigator.mediaDevices.getUserMedia answering a fresh fake stream (or refusing); every stream handed out is
 * kept, so a test can check that its tracks were stopped.
 */
export function fakeUserMedia({ isRefused = false }: { isRefused?: boolean } = {}) {
  const streams: Array<ReturnType<typeof fakeStream>> = [];
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    if (isRefused) throw new DOMException('Permission denied', 'NotAllowedError');
    const kinds = [constraints.audio ? 'audio' : null, constraints.video ? 'video' : null].filter(
      (kind): kind is string => kind !== null,
    );
    const made = fakeStream(kinds);
    streams.push(made);
    return made.stream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return {
    getUserMedia,
    streams,
    /** Whether every track of every stream handed out has been stopped. */
    allStopped: () =>
      streams.every(({ tracks }) => tracks.every((track) => track.stop.mock.calls.length > 0)),
    restore: () => {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    },
  };
}

export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static supported = new Set(['audio/webm', 'video/webm']);
  static isTypeSupported(type: string) {
    return FakeMediaRecorder.supported.has(type);
  }
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  mimeType: string;
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(
    readonly stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }
  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    queueMicrotask(() => {
      this.ondataavailable?.({ data: new Blob(['recorded bytes'], { type: this.mimeType }) });
      this.onstop?.();
    });
  }
}

export function fakeMediaRecorder() {
  FakeMediaRecorder.instances = [];
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  return {
    get last(): FakeMediaRecorder {
      const last = FakeMediaRecorder.instances.at(-1);
      if (!last) throw new Error('No MediaRecorder was made');
      return last;
    },
  };
}

// ---------------------------------------------------------------- matchMedia

/** Makes `matchMedia` answer as a window of this width would for min-width / max-width queries. */
export function fakeWindowWidth(width: number) {
  const matches = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

export const MB = 1024 * 1024;

/** A file of a given type and (claimed) size, without allocating the bytes. */
export function fakeFile(name: string, type: string, size = 1000): File {
  const file = new File(['file bytes'], name, { type });
  if (size !== file.size) Object.defineProperty(file, 'size', { value: size });
  return file;
}

// ---------------------------------------------------------------- Web Worker (the browser's image moderator)

type Prediction = { className: string; probability: number };
/** What the current test's worker answers: the app keeps its worker from one test to the next, as a page does. */
const moderationWorker = {
  classify: (_image: Blob): Prediction[] => [],
  images: [] as Blob[],
  scripts: [] as string[],
};

class FakeModerationWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(script: URL | string) {
    moderationWorker.scripts.push(String(script));
  }
  postMessage({ id, image }: { id: number; image: Blob }) {
    moderationWorker.images.push(image);
    const predictions = moderationWorker.classify(image);
    setTimeout(() => this.onmessage?.({ data: { id, predictions } } as MessageEvent), 0);
  }
  terminate() {}
}

/**
 * A module Web Worker that answers each message `{ id, image }` as the moderation worker does, with the class
 * probabilities `classify` gives for the image (what nsfwjs's model would answer; jsdom runs no worker or model).
 */
export function fakeModerationWorker(classify: (image: Blob) => Prediction[]) {
  moderationWorker.classify = classify;
  moderationWorker.images = [];
  moderationWorker.scripts = [];
  vi.stubGlobal('Worker', FakeModerationWorker);
  return moderationWorker;
}
