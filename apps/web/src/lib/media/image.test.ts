import { MEDIA_MESSAGES } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { fakeCanvas, fakeFile, fakeImageDecoding } from '../../test/browser-api-fakes.ts';
import { blobToDataUrl, processImage } from './image.ts';

describe('processImage', () => {
  it('keeps an image of 1920 px or less byte for byte', async () => {
    fakeImageDecoding({ width: 1920, height: 1080 });
    const canvas = fakeCanvas();
    const file = fakeFile('small.jpg', 'image/jpeg');
    const processed = await processImage(file);
    expect(processed).toMatchObject({
      blob: file,
      moderationBlob: file,
      width: 1920,
      height: 1080,
      isScaled: false,
    });
    expect(canvas.encoded).toEqual([]);
  });

  it('scales a large PNG to 1920 px and keeps it PNG, at quality 0.8', async () => {
    const decoding = fakeImageDecoding({ width: 4000, height: 3000 });
    const canvas = fakeCanvas();
    const processed = await processImage(fakeFile('big.png', 'image/png'));
    expect(canvas.encoded).toEqual([{ width: 1920, height: 1440, type: 'image/png', quality: 0.8 }]);
    expect(processed).toMatchObject({ width: 1920, height: 1440, isScaled: true });
    expect(processed.blob.type).toBe('image/png');
    expect(processed.moderationBlob).toBe(processed.blob);
    expect(decoding.close).toHaveBeenCalled();
  });

  it('turns other large images into JPEG', async () => {
    fakeImageDecoding({ width: 1000, height: 2500 });
    const canvas = fakeCanvas();
    const processed = await processImage(fakeFile('tall.webp', 'image/webp'));
    expect(canvas.encoded).toEqual([{ width: 768, height: 1920, type: 'image/jpeg', quality: 0.8 }]);
    expect(processed.blob.type).toBe('image/jpeg');
  });

  it('sends a JPEG copy of a small GIF for moderation, and uploads the GIF itself', async () => {
    fakeImageDecoding({ width: 400, height: 300 });
    fakeCanvas();
    const file = fakeFile('loop.gif', 'image/gif');
    const processed = await processImage(file);
    expect(processed.blob).toBe(file);
    expect(processed.moderationBlob.type).toBe('image/jpeg');
  });

  it('says "Failed to load image file" when the image cannot be decoded', async () => {
    fakeImageDecoding('unreadable');
    await expect(processImage(fakeFile('broken.png', 'image/png'))).rejects.toThrow(
      MEDIA_MESSAGES.imageLoadFailed,
    );
  });

  it('says "Failed to process image" when it cannot be re-encoded', async () => {
    fakeImageDecoding({ width: 3000, height: 3000 });
    fakeCanvas({ canEncode: false });
    await expect(processImage(fakeFile('big.jpg', 'image/jpeg'))).rejects.toThrow(
      MEDIA_MESSAGES.imageProcessFailed,
    );
  });

  it('refuses an image with more than 50 megapixels before drawing it', async () => {
    fakeImageDecoding({ width: 10_000, height: 6000 });
    const canvas = fakeCanvas();
    await expect(processImage(fakeFile('huge.jpg', 'image/jpeg'))).rejects.toThrow(
      MEDIA_MESSAGES.imageTooManyPixels,
    );
    expect(canvas.encoded).toEqual([]);
  });
});

describe('blobToDataUrl', () => {
  it('reads a blob as a base64 data URL', async () => {
    expect(await blobToDataUrl(new Blob(['hi'], { type: 'image/jpeg' }))).toBe('data:image/jpeg;base64,aGk=');
  });
});
