import { api } from '@daybook/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { sendByteRange } from '../../infra/http/byte-range.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';
import { receiveSealed, sealedBytesFor } from '../media/service.ts';
import { sendingRouteLimit } from '../sending-limits/service.ts';

const tags = ['sharing'];

/** Token lookups are counted per client across instances, so a link cannot be guessed by brute force. */
const TOKEN_VIEWS_PER_MINUTE = 30;
/** Public keys are asked for a share being made: a few a minute is a person sharing, more is someone probing. */
const RECIPIENT_KEY_LOOKUPS_PER_MINUTE = 10;

export const sharingRoutes =
  (services: Services, deps: { tmpDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    route(
      app,
      api.sharing.link,
      {
        tags,
        summary: 'A shared entry through its e-mailed link (signed out too); records share_viewed',
        config: {
          rateLimit: { max: TOKEN_VIEWS_PER_MINUTE, timeWindow: '1 minute', groupId: ':share-link' },
        },
      },
      (request) => services.sharing.viewByToken(request.params.token),
    );

    route(
      app,
      api.sharing.media,
      {
        tags: ['X-HIDDEN'],
        summary: "A shared entry's media, by its signed link",
        // Media elements ask for many ranges; the link's signature is checked before anything else is done.
        config: { rateLimit: false },
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

    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.sharing.create,
        {
          tags,
          summary: 'Share an entry by e-mail with up to 5 people (Premium)',
          config: sendingRouteLimit('shareEmails'),
        },
        (request) => services.sharing.create(signedInUser(request), request.params.id, request.body),
      );

      route(
        signedIn,
        api.sharing.recipientKeys,
        {
          tags,
          summary:
            "The public keys of a private entry's recipients, for the share being made (ADR 103, Premium)",
          config: {
            rateLimit: {
              max: RECIPIENT_KEY_LOOKUPS_PER_MINUTE,
              timeWindow: '1 minute',
              groupId: ':share-keys',
            },
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
      await signedIn.register(async (upload) => {
        await upload.register(multipart, { limits: { files: 1, fields: 0 } });
        route(
          upload,
          api.sharing.sealedMedia,
          {
            tags,
            summary: "A sealed share's media, sealed in the sender's browser under the share key (once)",
            bodyLimit: sealedBytesFor('video') + 64 * 1024,
            config: { rateLimit: { max: 30, timeWindow: '10 minutes', groupId: ':share-media' } },
          },
          async (request) => {
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
          },
        );
      });

      route(
        signedIn,
        api.sharing.awaitingWrap,
        {
          tags,
          summary:
            'Your private-link shares whose recipient now has an account, to wrap their key for (ADR 103)',
        },
        (request) => services.sharing.awaitingWraps(signedInUser(request)),
      );

      route(
        signedIn,
        api.sharing.recipientWrap,
        {
          tags,
          summary: "A share's key wrapped in your browser for a recipient who signed up after it was made",
        },
        async (request) => {
          await services.sharing.wrapForRecipient(
            signedInUser(request),
            request.params.id,
            request.body.wrappedKey,
          );
        },
      );

      route(
        signedIn,
        api.sharing.forEntry,
        { tags, summary: "Your entry's shares with their events, newest first" },
        (request) => services.sharing.listForEntry(signedInUser(request), request.params.id),
      );

      route(
        signedIn,
        api.sharing.resend,
        {
          tags,
          summary:
            'E-mail a new link to a recipient without an account (at most 3 times; older links stop working)',
          config: sendingRouteLimit('shareEmails'),
        },
        (request) => services.sharing.resend(signedInUser(request), request.params.id),
      );

      route(signedIn, api.sharing.revoke, { tags, summary: 'Revoke an active share for good' }, (request) =>
        services.sharing.revoke(signedInUser(request), request.params.id),
      );

      route(
        signedIn,
        api.sharing.received,
        { tags, summary: 'Active shares you received, newest first, with previews' },
        (request) => services.sharing.received(signedInUser(request), request.query),
      );

      route(
        signedIn,
        api.sharing.markViewed,
        {
          tags,
          summary: 'Mark every unviewed active share you received as opened in the app (the shares bell)',
        },
        async (request) => {
          await services.sharing.markViewed(signedInUser(request));
        },
      );

      route(
        signedIn,
        api.sharing.view,
        { tags, summary: 'A share you received, in the app; records in_app_viewed' },
        (request) => services.sharing.viewReceived(signedInUser(request), request.params.id),
      );

      route(
        signedIn,
        api.sharing.thankYou,
        {
          tags,
          summary:
            "Thank the sender of an active share: a note sealed to the sender's public key in your browser, or plain for a sender without one",
          config: sendingRouteLimit('thankYouNotes'),
        },
        (request) => services.sharing.thankYou(signedInUser(request), request.params.id, request.body),
      );

      route(
        signedIn,
        api.sharing.thankYouKey,
        { tags, summary: "The sender's public key, to seal a thank-you to (null while the sender has none)" },
        (request) => services.sharing.thankYouKey(signedInUser(request), request.params.id),
      );

      route(
        signedIn,
        api.sharing.report,
        {
          tags,
          summary: 'Report an active share you received (the sender is not told who reported)',
          config: sendingRouteLimit('reports'),
        },
        (request) => services.sharing.report(signedInUser(request), request.params.id, request.body),
      );

      route(
        signedIn,
        api.sharing.thankYouNote,
        { tags, summary: 'A thank-you note written to you (decrypt it in the browser)' },
        (request) => services.sharing.thankYouNote(signedInUser(request), request.params.id),
      );
    });
  };
