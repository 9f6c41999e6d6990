/*
 * What the account's route files share (ADR 100): the refusals every account route may answer with and its
 * OpenAPI tag. Apart so that no route file imports another.
 */
import { ApiError } from '@daybook/shared';

export const tags = ['account'];

export const errors = {
  400: ApiError,
  401: ApiError,
  404: ApiError,
  409: ApiError,
  413: ApiError,
  423: ApiError,
  415: ApiError,
  429: ApiError,
};
