import { z } from 'zod';
import {
  AwaitingWrapList,
  CreateSealedShareInput,
  RecipientWrapInput,
  ShareRecipientKeys,
  ShareRecipientsBody,
} from '../schemas/sealed-shares.ts';
import {
  ReceivedSharePage,
  ReceivedShareQuery,
  ReportShareInput,
  SendThankYouInput,
  SentShare,
  SentShareList,
  ShareView,
  ThankYouKey,
  ThankYouNote,
} from '../schemas/sharing.ts';
import type { Endpoint } from './endpoint.ts';

/** The sharing module's operations (apps/server/src/modules/sharing). */

const Id = z.object({ id: z.uuid() });
const Created = z.object({ id: z.string() });

/** A shared entry through its e-mailed link; tokens are 22 base64url characters, longer ones are refused early. */
export const link = {
  method: 'GET',
  path: '/api/share-links/:token',
  params: z.object({ token: z.string().min(1).max(64) }),
  response: ShareView,
} as const satisfies Endpoint;

/** A shared entry's media file, through the signed address a share's view carries (byte ranges). */
export const media = {
  method: 'GET',
  path: '/api/share-media/:id',
  params: Id,
  query: z.object({ expires: z.coerce.number(), signature: z.string().max(64) }),
} as const satisfies Endpoint;

export const create = {
  method: 'POST',
  path: '/api/entries/:id/shares',
  params: Id,
  body: CreateSealedShareInput,
  response: SentShareList,
  status: 201,
} as const satisfies Endpoint;

export const recipientKeys = {
  method: 'POST',
  path: '/api/entries/:id/share-recipients',
  params: Id,
  body: ShareRecipientsBody,
  response: ShareRecipientKeys,
} as const satisfies Endpoint;

/** A multipart form with the sealed file (ADR 103). */
export const sealedMedia = {
  method: 'PUT',
  path: '/api/shares/:id/sealed-media',
  params: Id,
  status: 204,
} as const satisfies Endpoint;

export const awaitingWrap = {
  method: 'GET',
  path: '/api/shares/awaiting-wrap',
  response: AwaitingWrapList,
} as const satisfies Endpoint;

export const recipientWrap = {
  method: 'POST',
  path: '/api/shares/:id/recipient-wrap',
  params: Id,
  body: RecipientWrapInput,
  status: 204,
} as const satisfies Endpoint;

export const forEntry = {
  method: 'GET',
  path: '/api/entries/:id/shares',
  params: Id,
  response: SentShareList,
} as const satisfies Endpoint;

export const resend = {
  method: 'POST',
  path: '/api/shares/:id/resend',
  params: Id,
  response: SentShare,
} as const satisfies Endpoint;

export const revoke = {
  method: 'POST',
  path: '/api/shares/:id/revoke',
  params: Id,
  response: SentShare,
} as const satisfies Endpoint;

export const received = {
  method: 'GET',
  path: '/api/shares/received',
  query: ReceivedShareQuery,
  response: ReceivedSharePage,
} as const satisfies Endpoint;

export const markViewed = {
  method: 'POST',
  path: '/api/shares/received/viewed',
  status: 204,
} as const satisfies Endpoint;

export const view = {
  method: 'GET',
  path: '/api/shares/:id/view',
  params: Id,
  response: ShareView,
} as const satisfies Endpoint;

export const thankYou = {
  method: 'POST',
  path: '/api/shares/:id/thank-you',
  params: Id,
  body: SendThankYouInput,
  response: Created,
  status: 201,
} as const satisfies Endpoint;

export const thankYouKey = {
  method: 'GET',
  path: '/api/shares/:id/thank-you-key',
  params: Id,
  response: ThankYouKey,
} as const satisfies Endpoint;

export const report = {
  method: 'POST',
  path: '/api/shares/:id/report',
  params: Id,
  body: ReportShareInput,
  response: Created,
  status: 201,
} as const satisfies Endpoint;

export const thankYouNote = {
  method: 'GET',
  path: '/api/thank-you-notes/:id',
  params: Id,
  response: ThankYouNote,
} as const satisfies Endpoint;
