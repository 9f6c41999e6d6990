/*
 * What the media route files share (ADR 100): its OpenAPI tag and a data URL's bytes. Apart so that no route file
 * imports another.
 */
export const tags = ['media'];

export const dataUrlBytes = (dataUrl: string) =>
  Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
