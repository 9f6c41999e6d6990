import {
  ApiError,
  AwaitingWrapList,
  CreateSealedShareInput,
  ReceivedSharePage,
  ReceivedShareQuery,
  RecipientWrapInput,
  ReportShareInput,
  SendThankYouInput,
  SentShare,
  SentShareList,
  ShareRecipientKeys,
  ShareRecipientsBody,
  ShareView,
  ThankYouKey,
  ThankYouNote,
} from '@daybook/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { sendByteRange } from '../../infra/http/byte-range.ts';
import type { Services } from '../../services.ts';
import { receiveSealed, sealedBytesFor } from '../media/service.ts';
import { sendingRouteLimit } from '../sending-limits/service.ts';

const errors = {
  400: ApiError,
  401: ApiError,
  403: ApiError,
  404: ApiError,
  409: ApiError,
  422: ApiError,
  429: ApiError,
};
const Id = z.object({ id: z.uuid() });
/** Tokens are 22 base64url characters; anything longer is refused before it reaches the database. */
const TokenParams = z.object({ token: z.string().min(1).max(64) });
const Created = z.object({ id: z.string() });

/** Token lookups are counted per client across instances, so a link cannot be guessed by brute force. */
const TOKEN_VIEWS_PER_MINUTE = 30;
/** Public keys are asked for a share being made: a few a minute is a person sharing, more is someone probing. */
const RECIPIENT_KEY_LOOKUPS_PER_MINUTE = 10;

export const sharingRoutes =
  (services: Services, deps: { tmpDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['sharing'];

    app.get(
      '/share-links/:token',
      {
        config: {
          rateLimit: { max: TOKEN_VIEWS_PER_MINUTE, timeWindow: '1 minute', groupId: ':share-link' },
        },
        schema: {
          tags,
          summary: 'A shared entry through its e-mailed link (signed out too); records share_viewed',
          params: TokenParams,
          response: { 200: ShareView, ...errors },
        },
      },
      (request) => services.sharing.viewByToken(request.params.token),
    );

    app.get(
      '/share-media/:id',
      {
        // Media elements ask for many ranges; the link's signature is checked before anything else is done.
        config: { rateLimit: false },
        schema: {
          hide: true,
          params: Id,
          querystring: z.object({ expires: z.coerce.number(), signature: z.string().max(64) }),
        },
      },
      async (request, reply) => {
        const file = await services.sharing.sharedMedia(request.params.id, request.query);
        // Never kept by a cache: once the share ends, nothing may serve the file again.
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', 'inline')
          .header('x-content-type-options', 'nosniff');
        return sendByteRange(reply, request.headers.range, file.size, file.read);
      },
    );

    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.post(
        '/entries/:id/shares',
        {
          config: sendingRouteLimit('shareEmails'),
          schema: {
            tags,
            summary: 'Share an entry by e-mail with up to 5 people (Premium)',
            params: Id,
            body: CreateSealedShareInput,
            response: { 201: SentShareList, ...errors },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(await services.sharing.create(signedInUser(request), request.params.id, request.body)),
      );

      signedIn.post(
        '/entries/:id/share-recipients',
        {
          config: {
            rateLimit: {
              max: RECIPIENT_KEY_LOOKUPS_PER_MINUTE,
              timeWindow: '1 minute',
              groupId: ':share-keys',
            },
          },
          schema: {
            tags,
            summary:
              "The public keys of a private entry's recipients, for the share being made (ADR 103, Premium)",
            params: Id,
            body: ShareRecipientsBody,
            response: { 200: ShareRecipientKeys, ...errors },
          },
        },
        (request) =>
          services.sharing.recipientKeys(
            signedInUser(request),
            request.params.id,
            request.body.recipients.map((r) => r.email),
          ),
      );

      // Its own scope: only this route of sharing's takes multipart bodies (a sealed container, ADR 103).
      await signedIn.register(async (uploads) => {
        const upload = uploads.withTypeProvider<ZodTypeProvider>();
        await upload.register(multipart, { limits: { files: 1, fields: 0 } });
        upload.put(
          '/shares/:id/sealed-media',
          {
            bodyLimit: sealedBytesFor('video') + 64 * 1024,
            config: { rateLimit: { max: 30, timeWindow: '10 minutes', groupId: ':share-media' } },
            schema: {
              tags,
              summary: "A sealed share's media, sealed in the sender's browser under the share key (once)",
              params: Id,
              response: { 204: z.null(), ...errors },
            },
          },
          async (request, reply) => {
            const { upload: received, cleanUp } = await receiveSealed(
              request,
              deps.tmpDir,
              sealedBytesFor('video'),
            );
            try {
              await services.sharing.putSealedMedia(signedInUser(request), request.params.id, received.file);
            } finally {
              await cleanUp();
            }
            return reply.status(204).send(null);
          },
        );
      });

      signedIn.get(
        '/shares/awaiting-wrap',
        {
          schema: {
            tags,
            summary:
              'Your private-link shares whose recipient now has an account, to wrap their key for (ADR 103)',
            response: { 200: AwaitingWrapList, ...errors },
          },
        },
        (request) => services.sharing.awaitingWraps(signedInUser(request)),
      );

      signedIn.post(
        '/shares/:id/recipient-wrap',
        {
          schema: {
            tags,
            summary: "A share's key wrapped in your browser for a recipient who signed up after it was made",
            params: Id,
            body: RecipientWrapInput,
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await services.sharing.wrapForRecipient(
            signedInUser(request),
            request.params.id,
            request.body.wrappedKey,
          );
          return reply.status(204).send(null);
        },
      );

      signedIn.get(
        '/entries/:id/shares',
        {
          schema: {
            tags,
            summary: "Your entry's shares with their events, newest first",
            params: Id,
            response: { 200: SentShareList, ...errors },
          },
        },
        (request) => services.sharing.listForEntry(signedInUser(request), request.params.id),
      );

      signedIn.post(
        '/shares/:id/resend',
        {
          config: sendingRouteLimit('shareEmails'),
          schema: {
            tags,
            summary:
              'E-mail a new link to a recipient without an account (at most 3 times; older links stop working)',
            params: Id,
            response: { 200: SentShare, ...errors },
          },
        },
        (request) => services.sharing.resend(signedInUser(request), request.params.id),
      );

      signedIn.post(
        '/shares/:id/revoke',
        {
          schema: {
            tags,
            summary: 'Revoke an active share for good',
            params: Id,
            response: { 200: SentShare, ...errors },
          },
        },
        (request) => services.sharing.revoke(signedInUser(request), request.params.id),
      );

      signedIn.get(
        '/shares/received',
        {
          schema: {
            tags,
            summary: 'Active shares you received, newest first, with previews',
            querystring: ReceivedShareQuery,
            response: { 200: ReceivedSharePage, ...errors },
          },
        },
        (request) => services.sharing.received(signedInUser(request), request.query),
      );

      signedIn.post(
        '/shares/received/viewed',
        {
          schema: {
            tags,
            summary: 'Mark every unviewed active share you received as opened in the app (the shares bell)',
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await services.sharing.markViewed(signedInUser(request));
          return reply.status(204).send(null);
        },
      );

      signedIn.get(
        '/shares/:id/view',
        {
          schema: {
            tags,
            summary: 'A share you received, in the app; records in_app_viewed',
            params: Id,
            response: { 200: ShareView, ...errors },
          },
        },
        (request) => services.sharing.viewReceived(signedInUser(request), request.params.id),
      );

      signedIn.post(
        '/shares/:id/thank-you',
        {
          config: sendingRouteLimit('thankYouNotes'),
          schema: {
            tags,
            summary:
              "Thank the sender of an active share: a note sealed to the sender's public key in your browser, or plain for a sender without one",
            params: Id,
            body: SendThankYouInput,
            response: { 201: Created, ...errors },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(await services.sharing.thankYou(signedInUser(request), request.params.id, request.body)),
      );

      signedIn.get(
        '/shares/:id/thank-you-key',
        {
          schema: {
            tags,
            summary: "The sender's public key, to seal a thank-you to (null while the sender has none)",
            params: Id,
            response: { 200: ThankYouKey, ...errors },
          },
        },
        (request) => services.sharing.thankYouKey(signedInUser(request), request.params.id),
      );

      signedIn.post(
        '/shares/:id/report',
        {
          config: sendingRouteLimit('reports'),
          schema: {
            tags,
            summary: 'Report an active share you received (the sender is not told who reported)',
            params: Id,
            body: ReportShareInput,
            response: { 201: Created, ...errors },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(await services.sharing.report(signedInUser(request), request.params.id, request.body)),
      );

      signedIn.get(
        '/thank-you-notes/:id',
        {
          schema: {
            tags,
            summary: 'A thank-you note written to you (decrypt it in the browser)',
            params: Id,
            response: { 200: ThankYouNote, ...errors },
          },
        },
        (request) => services.sharing.thankYouNote(signedInUser(request), request.params.id),
      );
    });
  };
