import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '../constants.ts';
import {
  arrangeImportAttachments,
  importAttachmentMime,
  importAttachmentSizeProblem,
} from './import-attachments.ts';

describe('an imported attachment’s shared rules (ADR 088, 099)', () => {
  it('leaves out a file over its kind’s limit, with the media module’s message', () => {
    const MB = 1024 * 1024;
    expect(importAttachmentSizeProblem('image', 5 * MB)).toBeNull();
    expect(importAttachmentSizeProblem('image', 5 * MB + 1)).toBe(MEDIA_MESSAGES.imageTooLarge);
    expect(importAttachmentSizeProblem('audio', 26 * MB)).toBe(MEDIA_MESSAGES.audioTooLarge);
    expect(importAttachmentSizeProblem('video', 100 * MB)).toBeNull();
    expect(importAttachmentSizeProblem('pdf', 25 * MB + 1)).toBe(MEDIA_MESSAGES.pdfTooLarge);
  });

  it('makes the first photo, voice note or video the entry’s own and numbers the marks as the gallery does', () => {
    const arranged = arrangeImportAttachments([
      { type: 'pdf' as const, identifier: 'D1', id: 'pdf' },
      { type: 'audio' as const, identifier: 'A1', id: 'voice' },
      { type: 'image' as const, identifier: 'P1', id: 'photo' },
    ]);
    expect(arranged.main?.id).toBe('voice');
    expect(arranged.further.map((item) => item.id)).toEqual(['pdf', 'photo']);
    expect([...arranged.marks]).toEqual([
      ['A1', '![Audio 1](attachment:1)'],
      ['D1', '![PDF 2](attachment:2)'],
      ['P1', '![Photo 3](attachment:3)'],
    ]);
    // Only PDFs: no file of its own, every one an attachment.
    expect(arrangeImportAttachments([{ type: 'pdf' as const }]).main).toBeNull();
  });

  it('names the stored type from Day One’s extensions, and none for what no browser shows here', () => {
    expect(importAttachmentMime('audios/x.m4a', 'audio')).toBe('audio/mp4');
    expect(importAttachmentMime('videos/x.mov', 'video')).toBe('video/quicktime');
    expect(importAttachmentMime('media/x.webm', 'audio')).toBe('audio/webm');
    expect(importAttachmentMime('photos/x.JPEG', 'image')).toBe('image/jpeg');
    expect(importAttachmentMime('pdfs/x.pdf', 'pdf')).toBe('application/pdf');
    expect(importAttachmentMime('photos/x.heic', 'image')).toBeNull();
    expect(importAttachmentMime('photos/x.pdf', 'image')).toBeNull();
  });
});
