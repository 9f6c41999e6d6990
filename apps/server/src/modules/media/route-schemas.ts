/*
 * What the media route files share (ADR 100): the refusals every media route may answer with, its OpenAPI tag,
 * and a data URL's bytes. Apart so that no route file imports another.
 */
import { ApiError } from '@daybook/shared';

export const tags = ['media'];

export const errors = {
  400: ApiError,
  401: ApiError,
  403: ApiError,
  404: ApiError,
  413: ApiError,
  422: ApiError,
  429: ApiError,
};
export const dataUrlBytes = (dataUrl: string) =>
  Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
