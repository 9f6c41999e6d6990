import { MEDIA_MESSAGES, type MediaDraft, MODERATION_MESSAGES, type PlanFeatures } from '@daybook/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, stubApi } from '../../test/api.ts';
import {
  fakeCanvas,
  fakeFile,
  fakeImageDecoding,
  fakeMediaElements,
  fakeMediaRecorder,
  fakeObjectUrls,
  fakeUserMedia,
  fakeWindowWidth,
  fakeXhr,
  MB,
} from '../../test/browser-api-fakes.ts';
import { createTestQueryClient, renderWithProviders } from '../../test/render.tsx';
import { AttachMediaButton, useMediaAttachment } from './index.ts';

const premium: PlanFeatures = {
  text_entries: true,
  image_entries: true,
  audio_entries: true,
  video_entries: true,
  daily_entry_limit: 50,
  ai_insights_limit: 10,
  ai_coaching_limit: 10,
  ai_future_chat_limit: 10,
  can_share_entries: true,
  can_send_future_messages: true,
};
const free: PlanFeatures = {
  ...premium,
  audio_entries: false,
  video_entries: false,
  can_share_entries: false,
};
const none: PlanFeatures = { ...free, image_entries: false };

const verdict = (severity: 'safe' | 'low' | 'medium' | 'high', flags: string[] = []) => ({
  safe: severity === 'safe',
  severity,
  flags,
  explanation: '',
  confidence: 0.9,
});

const draftFor = (mediaType: MediaDraft['mediaType'], mimeType: string): MediaDraft => ({
  id: `draft-${mediaType}`,
  mediaType,
  mimeType,
  fileSizeBytes: 1000,
  durationSeconds: mediaType === 'image' ? null : 12,
  width: null,
  height: null,
  moderation: null,
  createdAt: '2026-11-01T10:00:00Z',
});

/** The quick entry card's side of the contract, reduced to what it shows. */
function Harness() {
  const media = useMediaAttachment();
  return (
    <div>
      <AttachMediaButton {...media.controlProps} />
      <output aria-label="Draft">{media.mediaDraftId ?? 'none'}</output>
      <output aria-label="Busy">{String(media.isBusy)}</output>
      <button type="button" onClick={media.clear}>
        Reset card
      </button>
    </div>
  );
}

let devices: ReturnType<typeof fakeUserMedia> | undefined;

beforeEach(() => {
  fakeObjectUrls();
});

afterEach(() => {
  devices?.restore();
  devices = undefined;
  vi.useRealTimers();
});

function setup(features: PlanFeatures | null, handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ 'GET /api/me/plan-features': json(features ?? premium), ...handlers });
  const queryClient = createTestQueryClient();
  if (features) queryClient.setQueryData(['plan-features'], features);
  const view = renderWithProviders(<Harness />, {
    path: '/dashboard',
    routes: [{ path: '/profile', element: <h1>Profile page</h1> }],
    queryClient,
  });
  return { fetchMock, ...view };
}

async function openPanel() {
  fireEvent.click(screen.getByRole('button', { name: 'Attach media' }));
  return screen.findByRole('dialog', { name: 'Attach media' });
}

const tab = (name: string) => screen.getByRole('tab', { name });
const fileInput = (kind: string) => {
  const input = document.querySelector<HTMLInputElement>(`input[data-media-input="${kind}"]`);
  if (!input) throw new Error(`No ${kind} file input`);
  return input;
};
const pick = (kind: string, file: File) => fireEvent.change(fileInput(kind), { target: { files: [file] } });
// The card is behind the modal panel (aria-hidden), so these are found among hidden elements.
const draftShown = () => screen.getByRole('status', { name: 'Draft', hidden: true }).textContent;
const busyShown = () => screen.getByRole('status', { name: 'Busy', hidden: true }).textContent;

describe('tabs and plan', () => {
  it('offers Image, Audio and Video, disabling what the plan leaves out', async () => {
    setup(free);
    await openPanel();
    expect(tab('Image').getAttribute('aria-selected')).toBe('true');
    for (const name of ['Audio', 'Video']) {
      expect(tab(name).getAttribute('aria-disabled')).toBe('true');
      expect(tab(name).getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(screen.getAllByText('Not included in your plan')).toHaveLength(2);
    fireEvent.click(tab('Audio'));
    expect(tab('Audio').getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel', { name: 'Image' })).toBeTruthy();
  });

  it('reads the plan from the server when it is not known yet', async () => {
    const { fetchMock } = setup(null);
    await openPanel();
    expect(await screen.findByRole('tab', { name: 'Video' })).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/me/plan-features')).toHaveLength(1);
    expect(tab('Video').getAttribute('aria-disabled')).toBeNull();
  });

  it('moves between tabs with the arrow keys, Home and End (one tab stop)', async () => {
    setup(premium);
    await openPanel();
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
    act(() => tab('Image').focus());
    fireEvent.keyDown(tab('Image'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Audio'));
    expect(tab('Audio').getAttribute('aria-selected')).toBe('true');
    expect(tab('Audio').tabIndex).toBe(0);
    expect(tab('Image').tabIndex).toBe(-1);
    fireEvent.keyDown(tab('Audio'), { key: 'End' });
    expect(tab('Video').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Video'), { key: 'ArrowRight' });
    expect(tab('Image').getAttribute('aria-selected')).toBe('true');
  });

  it('locks the button when the plan has no media, and leads to Premium', async () => {
    const { router } = setup(none);
    const button = screen.getByRole('button', { name: 'Attach media' });
    const description = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Media is a Premium feature');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Media is a Premium feature' });
    expect(within(dialog).queryByRole('tab')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'See Premium' }));
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.location.hash).toBe('#subscription');
  });
});

describe('layout', () => {
  it.each([
    [500, 'drawer'],
    [1000, 'dialog'],
    [1279, 'dialog'],
    [1280, 'sheet'],
  ])('at %i px wide the panel is a %s', async (width, layout) => {
    fakeWindowWidth(width);
    setup(premium);
    const panel = await openPanel();
    expect(panel.getAttribute('data-layout')).toBe(layout);
    expect(panel.hasAttribute('data-media-layer')).toBe(true);
  });
});

describe('image', () => {
  it('refuses a file that is not an image, and one over 5 MB, without sending anything', async () => {
    const xhr = fakeXhr();
    const { fetchMock } = setup(premium);
    await openPanel();
    pick('image', fakeFile('notes.pdf', 'application/pdf'));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.invalidImage);
    pick('image', fakeFile('huge.jpg', 'image/jpeg', 5 * MB + 1));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MEDIA_MESSAGES.imageTooLarge));
    expect(callsTo(fetchMock, 'POST /api/moderation/image')).toHaveLength(0);
    expect(xhr.requests).toHaveLength(0);
  });

  it('says when the image cannot be read', async () => {
    fakeImageDecoding('unreadable');
    setup(premium);
    await openPanel();
    pick('image', fakeFile('broken.png', 'image/png'));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.imageLoadFailed);
  });

  it('moderates, uploads with progress and hands over the draft; Remove clears it', async () => {
    fakeImageDecoding({ width: 800, height: 600 });
    fakeCanvas();
    const xhr = fakeXhr();
    const { fetchMock } = setup(premium, { 'POST /api/moderation/image': json(verdict('safe')) });
    await openPanel();
    pick('image', fakeFile('garden.jpg', 'image/jpeg'));

    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    const [moderation] = callsTo(fetchMock, 'POST /api/moderation/image') as Array<{ imageData: string }>;
    expect(moderation?.imageData).toMatch(/^data:image\/jpeg;base64,/);
    expect(xhr.last.url).toBe('/api/media/drafts?mediaType=image');
    expect(xhr.last.file?.type).toBe('image/jpeg');
    expect(busyShown()).toBe('true');

    act(() => xhr.last.progress(42, 100));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('Uploading… 42%')).toBeTruthy();
    expect(screen.getByText('Uploading 25%')).toBeTruthy(); // the live region, in quarter steps

    act(() => xhr.last.respond(201, draftFor('image', 'image/jpeg')));
    const remove = await screen.findByRole('button', { name: 'Remove' });
    expect(draftShown()).toBe('draft-image');
    await waitFor(() => expect(busyShown()).toBe('false'));
    expect(screen.getByRole('img', { name: 'Attached image: garden.jpg' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();

    const url = screen.getByRole('img', { name: 'Attached image: garden.jpg' }).getAttribute('src');
    fireEvent.click(remove);
    expect(draftShown()).toBe('none');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(url);
    expect(await screen.findByRole('tab', { name: 'Image' })).toBeTruthy();
  });

  it('scales a large PNG to 1920 px before moderating and uploading it', async () => {
    fakeImageDecoding({ width: 3840, height: 2160 });
    const canvas = fakeCanvas();
    const xhr = fakeXhr();
    setup(premium, { 'POST /api/moderation/image': json(verdict('safe')) });
    await openPanel();
    pick('image', fakeFile('screen.png', 'image/png'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(canvas.encoded).toEqual([{ width: 1920, height: 1080, type: 'image/png', quality: 0.8 }]);
    expect(xhr.last.file?.type).toBe('image/png');
  });

  it.each([
    ['high', [], MEDIA_MESSAGES.imageHigh],
    ['high', ['self_harm'], MODERATION_MESSAGES.crisis],
    ['medium', [], MEDIA_MESSAGES.imageMedium],
  ] as const)('blocks a %s verdict %j', async (severity, flags, message) => {
    fakeImageDecoding({ width: 800, height: 600 });
    const xhr = fakeXhr();
    setup(premium, { 'POST /api/moderation/image': json(verdict(severity, [...flags])) });
    await openPanel();
    pick('image', fakeFile('photo.jpg', 'image/jpeg'));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(xhr.requests).toHaveLength(0);
    expect(draftShown()).toBe('none');
  });

  it('lets a low verdict through with the inline notice', async () => {
    fakeImageDecoding({ width: 800, height: 600 });
    const xhr = fakeXhr();
    setup(premium, { 'POST /api/moderation/image': json(verdict('low')) });
    await openPanel();
    pick('image', fakeFile('photo.jpg', 'image/jpeg'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(screen.getByText(MEDIA_MESSAGES.imageLow)).toBeTruthy();
    act(() => xhr.last.respond(201, draftFor('image', 'image/jpeg')));
    await screen.findByRole('button', { name: 'Remove' });
    expect(screen.getByText(MEDIA_MESSAGES.imageLow)).toBeTruthy();
  });

  it('counts a failed moderation call as safe', async () => {
    fakeImageDecoding({ width: 800, height: 600 });
    const xhr = fakeXhr();
    setup(premium, { 'POST /api/moderation/image': apiError(500, 'INTERNAL', 'Boom') });
    await openPanel();
    pick('image', fakeFile('photo.jpg', 'image/jpeg'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refused upload as "Failed to upload file: {message}"', async () => {
    fakeImageDecoding({ width: 800, height: 600 });
    const xhr = fakeXhr();
    setup(premium, { 'POST /api/moderation/image': json(verdict('safe')) });
    await openPanel();
    pick('image', fakeFile('photo.jpg', 'image/jpeg'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    act(() => xhr.last.respond(413, { code: 'MEDIA_TOO_LARGE', message: MEDIA_MESSAGES.imageTooLarge }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to upload file: Image size exceeds 5MB limit',
    );
    expect(draftShown()).toBe('none');
    await waitFor(() => expect(busyShown()).toBe('false'));
  });

  it("shows the plan's refusal as received", async () => {
    fakeImageDecoding({ width: 800, height: 600 });
    const xhr = fakeXhr();
    setup(premium, { 'POST /api/moderation/image': json(verdict('safe')) });
    await openPanel();
    pick('image', fakeFile('photo.jpg', 'image/jpeg'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    act(() =>
      xhr.last.respond(403, { code: 'MEDIA_NOT_ALLOWED', message: MEDIA_MESSAGES.notAllowedByPlan('image') }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Your plan does not include image entries');
  });

  it('takes a photo with the front camera, switches to the rear one, and uses it', async () => {
    devices = fakeUserMedia();
    fakeMediaElements();
    const canvas = fakeCanvas();
    fakeImageDecoding({ width: 1280, height: 720 });
    const xhr = fakeXhr();
    setup(premium, { 'POST /api/moderation/image': json(verdict('safe')) });
    await openPanel();
    // Capture is enabled once the camera's picture plays, again after each switch or retry: a click before that
    // would do nothing (a busy machine takes longer than an idle one to get there).
    const captureWhenReady = async () => {
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Capture' }).hasAttribute('disabled')).toBe(false),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Capture' }));
    };
    fireEvent.click(screen.getByRole('button', { name: 'Take photo' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Capture' }).hasAttribute('disabled')).toBe(false),
    );
    expect(devices.getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { facingMode: 'user', width: { ideal: 1920 }, height: { ideal: 1080 } },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Switch to rear camera' }));
    await screen.findByRole('button', { name: 'Switch to front camera' });
    expect(devices.getUserMedia).toHaveBeenLastCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: 'environment' }) }),
    );
    expect(devices.streams[0]?.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);

    await captureWhenReady();
    await screen.findByRole('button', { name: 'Use Photo' });
    expect(canvas.encoded).toEqual([{ width: 1280, height: 720, type: 'image/jpeg', quality: 0.95 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await captureWhenReady();
    fireEvent.click(await screen.findByRole('button', { name: 'Use Photo' }));

    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(xhr.last.file?.type).toBe('image/jpeg');
    expect(devices.allStopped()).toBe(true);
  });

  it('says when the camera cannot be opened', async () => {
    devices = fakeUserMedia({ isRefused: true });
    setup(premium);
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Take photo' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.cameraFailed);
  });
});

describe('audio', () => {
  async function openAudio() {
    await openPanel();
    fireEvent.click(tab('Audio'));
  }

  it('refuses a file that is not audio, or over 25 MB', async () => {
    setup(premium);
    await openAudio();
    pick('audio', fakeFile('photo.jpg', 'image/jpeg'));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.invalidAudio);
    pick('audio', fakeFile('long.mp3', 'audio/mpeg', 25 * MB + 1));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MEDIA_MESSAGES.audioTooLarge));
  });

  it('refuses audio over 120 seconds, and one that cannot be read', async () => {
    fakeMediaElements({ duration: 121 });
    const xhr = fakeXhr();
    setup(premium);
    await openAudio();
    pick('audio', fakeFile('talk.mp3', 'audio/mpeg'));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.audioTooLong);
    expect(xhr.requests).toHaveLength(0);
  });

  it('says "Failed to load audio file" for an unreadable file', async () => {
    fakeMediaElements({ isUnreadable: true });
    setup(premium);
    await openAudio();
    pick('audio', fakeFile('talk.mp3', 'audio/mpeg'));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.audioLoadFailed);
  });

  it('uploads audio of 120 seconds without moderation', async () => {
    fakeMediaElements({ duration: 120 });
    const xhr = fakeXhr();
    const { fetchMock } = setup(premium);
    await openAudio();
    pick('audio', fakeFile('talk.mp3', 'audio/mpeg'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(xhr.last.url).toBe('/api/media/drafts?mediaType=audio');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('moderation'))).toBe(false);
  });

  it('records: start, pause, resume, stop, then Use Recording uploads it', async () => {
    devices = fakeUserMedia();
    const recorders = fakeMediaRecorder();
    const xhr = fakeXhr();
    setup(premium);
    await openAudio();
    // The dialog places its own focus when it opens; ours goes on Start only after that has happened.
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
    const start = screen.getByRole('button', { name: 'Start recording' });
    act(() => start.focus());
    fireEvent.click(start);
    const pause = await screen.findByRole('button', { name: 'Pause' });
    await waitFor(() => expect(document.activeElement).toBe(pause));
    expect(screen.getByRole('timer').textContent).toBe('0:00 / 2:00');
    expect(screen.getByText('Recording: 0:00 of 2:00')).toBeTruthy();
    expect(busyShown()).toBe('true');
    expect(recorders.last.mimeType).toBe('audio/webm');

    fireEvent.click(pause);
    expect(recorders.last.state).toBe('paused');
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(recorders.last.state).toBe('recording');
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    // The recording is ready once its length is written into it (a step after the recorder stops).
    expect(await screen.findByLabelText('Recorded audio')).toBeTruthy();
    const use = screen.getByRole('button', { name: 'Use Recording' });
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(devices.allStopped()).toBe(true);

    fireEvent.click(use);
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(xhr.last.file?.type).toBe('audio/webm');
    act(() => xhr.last.respond(201, draftFor('audio', 'audio/webm')));
    await screen.findByRole('button', { name: 'Remove' });
    expect(draftShown()).toBe('draft-audio');
  });

  it('stops recording by itself at 2:00', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    devices = fakeUserMedia();
    fakeMediaRecorder();
    setup(premium);
    await openAudio();
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Pause' });
    await act(async () => vi.advanceTimersByTime(120_000));
    expect(await screen.findByRole('button', { name: 'Use Recording' })).toBeTruthy();
    expect(screen.getByText('Recording stopped at the 2:00 limit')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('2:00 / 2:00');
  });

  it('says when the microphone cannot be opened', async () => {
    devices = fakeUserMedia({ isRefused: true });
    fakeMediaRecorder();
    setup(premium);
    await openAudio();
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.microphoneFailed);
  });

  it('turns the microphone off when the panel closes mid-recording', async () => {
    devices = fakeUserMedia();
    fakeMediaRecorder();
    setup(premium);
    await openAudio();
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Pause' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(devices.allStopped()).toBe(true);
    await waitFor(() => expect(busyShown()).toBe('false'));
  });
});

describe('video', () => {
  async function openVideo() {
    await openPanel();
    fireEvent.click(tab('Video'));
  }

  it('refuses a file that is not video, over 100 MB, or over 60 seconds', async () => {
    fakeMediaElements({ duration: 61 });
    setup(premium);
    await openVideo();
    pick('video', fakeFile('song.mp3', 'audio/mpeg'));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.invalidVideo);
    pick('video', fakeFile('movie.mp4', 'video/mp4', 100 * MB + 1));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MEDIA_MESSAGES.videoTooLarge));
    pick('video', fakeFile('clip.mp4', 'video/mp4'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MEDIA_MESSAGES.videoTooLong));
  });

  it('says "Failed to load video file" for an unreadable file', async () => {
    fakeMediaElements({ isUnreadable: true });
    setup(premium);
    await openVideo();
    pick('video', fakeFile('clip.mp4', 'video/mp4'));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.videoLoadFailed);
  });

  it('moderates five frames and uploads a clean video', async () => {
    fakeMediaElements({ duration: 30 });
    fakeCanvas();
    const xhr = fakeXhr();
    const { fetchMock } = setup(premium, { 'POST /api/moderation/video': json(verdict('safe')) });
    await openVideo();
    pick('video', fakeFile('clip.mp4', 'video/mp4'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    const [body] = callsTo(fetchMock, 'POST /api/moderation/video') as Array<{ frames: string[] }>;
    expect(body?.frames).toHaveLength(5);
    expect(xhr.last.url).toBe('/api/media/drafts?mediaType=video');
  });

  it.each([
    ['high', [], MEDIA_MESSAGES.videoHigh],
    ['high', ['self-harm'], MODERATION_MESSAGES.crisis],
    ['medium', [], MEDIA_MESSAGES.videoMedium],
  ] as const)('blocks a %s verdict %j on its frames', async (severity, flags, message) => {
    fakeMediaElements({ duration: 30 });
    fakeCanvas();
    const xhr = fakeXhr();
    setup(premium, { 'POST /api/moderation/video': json(verdict(severity, [...flags])) });
    await openVideo();
    pick('video', fakeFile('clip.mp4', 'video/mp4'));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(xhr.requests).toHaveLength(0);
  });

  it('lets a low verdict through with the inline notice', async () => {
    fakeMediaElements({ duration: 30 });
    fakeCanvas();
    const xhr = fakeXhr();
    setup(premium, { 'POST /api/moderation/video': json(verdict('low')) });
    await openVideo();
    pick('video', fakeFile('clip.mp4', 'video/mp4'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(screen.getByText(MEDIA_MESSAGES.imageLow)).toBeTruthy();
  });

  it('records at 720p with sound, and stops by itself at 1:00', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    devices = fakeUserMedia();
    const recorders = fakeMediaRecorder();
    setup(premium);
    await openVideo();
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Pause' });
    expect(devices.getUserMedia).toHaveBeenCalledWith({
      audio: true,
      video: { width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    expect(recorders.last.mimeType).toBe('video/webm');
    expect(screen.getByLabelText('Camera preview')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(await screen.findByRole('button', { name: 'Use Recording' })).toBeTruthy();
    expect(screen.getByText('Recording stopped at the 1:00 limit')).toBeTruthy();
  });

  it('says when the camera or microphone cannot be opened', async () => {
    devices = fakeUserMedia({ isRefused: true });
    fakeMediaRecorder();
    setup(premium);
    await openVideo();
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.cameraMicrophoneFailed);
  });
});

describe('ownership', () => {
  it('revokes the preview URL when the card clears the attachment after saving', async () => {
    fakeImageDecoding({ width: 800, height: 600 });
    const xhr = fakeXhr();
    setup(premium, { 'POST /api/moderation/image': json(verdict('safe')) });
    await openPanel();
    pick('image', fakeFile('photo.jpg', 'image/jpeg'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    act(() => xhr.last.respond(201, draftFor('image', 'image/jpeg')));
    await screen.findByRole('button', { name: 'Remove' });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Reset card' }));
    expect(draftShown()).toBe('none');
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(1);
  });
});
