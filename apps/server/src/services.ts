import path from 'node:path';
import { PRIVATE_MODE } from '@daybook/shared';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { queueSessionsChanged } from './db/live-events.ts';
import { createOpenAiProvider } from './infra/ai/openai-provider.ts';
import { type AuthLog, createAuth } from './infra/auth/better-auth.ts';
import { type PasswordVerifier, verifyPassword } from './infra/auth/passwords.ts';
import { relyingParty } from './infra/auth/relying-party.ts';
import { createSessionCache, type SessionCacheOptions } from './infra/auth/session-cache.ts';
import { sessionCookie } from './infra/auth/session-cookie.ts';
import { createEntryKeys } from './infra/crypto/entry-keys.ts';
import { createMediaKeys } from './infra/crypto/media-cipher.ts';
import { createTwoFactorSecrets } from './infra/crypto/two-factor-secrets.ts';
import { createRateLimiter } from './infra/http/rate-limit-store.ts';
import { createJobRunStore } from './infra/jobs/runs.ts';
import { createLiveChannel } from './infra/live/channel.ts';
import { createLiveHub, type LiveHubOptions } from './infra/live/hub.ts';
import { enqueueMail } from './infra/mail/outbox.ts';
import { passwordChangedMail, passwordResetMail, verificationMail } from './infra/mail/templates.ts';
import { createLocalImageModerator } from './infra/moderation/image-moderator.ts';
import { createLayeredTextModerator } from './infra/moderation/layered-text-moderator.ts';
import { createLocalTextModerator } from './infra/moderation/text-moderator.ts';
import { createStripeProvider } from './infra/payments/stripe.ts';
import { createPushSender, type PushSenderOptions } from './infra/push/web-push.ts';
import { createMediaLinks } from './infra/storage/links.ts';
import { createLocalStorage } from './infra/storage/local.ts';
import { createS3Storage } from './infra/storage/s3.ts';
import { createSealedStorage } from './infra/storage/sealed.ts';
import type { Storage } from './infra/storage/storage.ts';
import type { Clock } from './lib/clock.ts';
import { createAccountRepository } from './modules/account/repository.ts';
import { createAccountService } from './modules/account/service.ts';
import { createUserActions } from './modules/admin/actions.ts';
import { createAdminAreaService } from './modules/admin/area-service.ts';
import { createAiService } from './modules/ai/service.ts';
import { createLockoutRepository } from './modules/auth/lockout-repository.ts';
import { createLockoutService } from './modules/auth/lockout-service.ts';
import { createPasskeyService } from './modules/auth/passkey-service.ts';
import { createAuthService } from './modules/auth/service.ts';
import { toSessionUser } from './modules/auth/sessions.ts';
import { createTwoFactorService } from './modules/auth/two-factor-service.ts';
import { createBillingRepository } from './modules/billing/repository.ts';
import { createBillingService, type PaymentsSetup } from './modules/billing/service.ts';
import { createCompanionsService } from './modules/companions/service.ts';
import { createContactRepository } from './modules/contact/repository.ts';
import { createContactService } from './modules/contact/service.ts';
import { createDevMailService } from './modules/dev-mail/service.ts';
import { createReEncryptionRepository } from './modules/entries/re-encryption-repository.ts';
import { createReEncryptionService } from './modules/entries/re-encryption-service.ts';
import { createEntriesRepository, visibleEntriesOf, visibleEntry } from './modules/entries/repository.ts';
import { createEntriesService } from './modules/entries/service.ts';
import { createEventsService } from './modules/events/service.ts';
import { createExportService } from './modules/export/service.ts';
import { createFutureMessagesRepository } from './modules/future-messages/repository.ts';
import { createFutureMessagesService } from './modules/future-messages/service.ts';
import { createHealthService } from './modules/health/service.ts';
import { createImportService, importTmpDir } from './modules/import/service.ts';
import { createKeyPairsRepository } from './modules/key-pairs/repository.ts';
import { createKeyPairsService } from './modules/key-pairs/service.ts';
import { createMediaService } from './modules/media/service.ts';
import { createNotificationsService } from './modules/notifications/service.ts';
import { createPlansRepository } from './modules/plans/repository.ts';
import { createPlansService } from './modules/plans/service.ts';
import { createPricingRepository } from './modules/pricing/repository.ts';
import { createPricingService } from './modules/pricing/service.ts';
import { createPrivateModeService } from './modules/private-mode/service.ts';
import { createRemindersService } from './modules/reminders/service.ts';
import { createSendingLimits } from './modules/sending-limits/service.ts';
import { createSharingService } from './modules/sharing/service.ts';

/** Wires repositories and infrastructure into services once per app; routes receive the result and nothing else. */
export function createServices(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  verifyPassword?: PasswordVerifier;
  log: AuthLog;
  live: LiveHubOptions;
  sessionCache: SessionCacheOptions;
  push?: PushSenderOptions;
  /** Media stored plain, as before ADR 081: the upload bench's control alone, never set by configuration. */
  storePlainMedia?: boolean;
}) {
  const { config, database, clock } = deps;
  const { db } = database;
  // One listening connection per instance, for the live streams and the session cache alike (ADR 024, 047).
  const channel = createLiveChannel({ database, log: deps.log });
  const sessionCache = createSessionCache({ options: deps.sessionCache, isTrusted: channel.isListening });
  channel.subscribe({
    onMessage(message) {
      if ('endedSessionId' in message) sessionCache.forgetSession(message.endedSessionId);
      else if ('sessionsChangedFor' in message) sessionCache.forgetUser(message.sessionsChangedFor);
    },
    // Revocations sent while the channel was down went unheard: nothing cached before then is served again.
    onDisconnect: () => sessionCache.clear(),
    onReconnect: () => sessionCache.clear(),
  });
  /** This instance forgets the user's cached sessions now; the others when the NOTIFY arrives. */
  const forgetSessionsOf = (userId: string) => sessionCache.forgetUser(userId);
  let isListenRequested = false;
  const accounts = createAccountRepository(db);
  const plans = createPlansService(createPlansRepository(db));
  const lockout = createLockoutService(createLockoutRepository(db), clock);
  const betterAuth = createAuth({
    config,
    db,
    mail: {
      verification: async (user, url) => {
        await enqueueMail(db, { ...verificationMail(user.name, url), to: user.email }, clock.now());
      },
      passwordReset: async (user, url) => {
        await enqueueMail(db, { ...passwordResetMail(user.name, url), to: user.email }, clock.now());
      },
    },
    hooks: {
      // better-auth calls this after the reset (and the end of every session) committed.
      onPasswordReset: async (user) => {
        forgetSessionsOf(user.id);
        await queueSessionsChanged(db, user.id);
        await lockout.clear(user.email);
        // The owner hears of it, as of a change from the profile (ADR 073).
        const now = clock.now();
        // A reset ends every session (revokeSessionsOnPasswordReset).
        const mail = passwordChangedMail(user.name, now, `${config.appUrl}/reset-password`, {
          otherSessionsEnded: true,
        });
        await enqueueMail(db, { ...mail, to: user.email }, now);
      },
    },
    verifyPassword: deps.verifyPassword,
    log: deps.log,
  });

  const encryption = createEntryKeys(config.encryptionSecret);
  const limiter = createRateLimiter(database, config.rateLimitScale);
  const limits = createSendingLimits({ limiter, clock });
  // One OpenAI-compatible provider when AI_BASE_URL is set (ADR 031); without it AI features say none is configured.
  const aiProvider = config.ai ? createOpenAiProvider(config.ai) : null;
  const localTextModerator = createLocalTextModerator();
  const moderation = {
    text: aiProvider?.hasModeration
      ? createLayeredTextModerator(localTextModerator, aiProvider, (reason) =>
          deps.log.warn({ reason }, 'moderation provider failed; the local check decided'),
        )
      : localTextModerator,
    image: createLocalImageModerator(),
  };
  const mediaLinks = createMediaLinks({
    secret: config.authSecret,
    appUrl: config.appUrl,
    now: () => clock.now(),
  });
  // Every file sealed at rest under its owner's media key (ADR 081), on local disk and S3 alike.
  const storage: Storage = createSealedStorage(
    config.storage.kind === 'local'
      ? createLocalStorage({ root: config.storage.root, now: () => clock.now() })
      : createS3Storage(config.storage),
    {
      keys: createMediaKeys(config.encryptionSecret),
      links: mediaLinks,
      storePlain: deps.storePlainMedia,
    },
  );
  const media = createMediaService({
    db,
    storage,
    plans,
    imageModerator: moderation.image,
    clock,
    tmpDir: path.join(config.dataDir, 'tmp'),
    // Called at request time, after `privateMode` below exists.
    isPrivate: (userId) => privateMode.isSetUp(userId),
  });
  const billing = createBillingService({
    db,
    repository: createBillingRepository(db),
    payments: paymentsSetup(config),
    clock,
    appUrl: config.appUrl,
    log: deps.log,
  });
  const account = createAccountService({
    db,
    auth: betterAuth,
    accounts,
    plans,
    subscriptions: billing,
    clock,
    appUrl: config.appUrl,
    onSessionsChanged: forgetSessionsOf,
    // Called at request time, after `entries` below exists.
    hasEntries: (userId) => entries.hasAny(userId),
    // Likewise after `privateMode` below exists.
    isPrivateMode: (userId) => privateMode.isSetUp(userId),
  });
  const twoFactor = createTwoFactorService({
    db,
    clock,
    secrets: createTwoFactorSecrets(config.encryptionSecret),
    accounts: account,
    verifyPassword: deps.verifyPassword ?? verifyPassword,
    appUrl: config.appUrl,
    secureCookies: sessionCookie(config).secure,
  });
  const passkeys = createPasskeyService({
    db,
    clock,
    relyingParty: relyingParty(config),
    accounts: account,
    appUrl: config.appUrl,
  });
  const privateMode = createPrivateModeService({
    db,
    clock,
    media,
    removePrivateEntries: async (tx, userId) => {
      // Letters sealed under the lost key go with the entries: nobody could open them in the app (ADR 098).
      await createFutureMessagesRepository(tx).removeVersion(userId, PRIVATE_MODE.encryptionVersion);
      return createEntriesRepository(tx).removePrivateEntries(userId, PRIVATE_MODE.encryptionVersion);
    },
    countEntriesByVersion: (tx, userId) => createReEncryptionRepository(tx).countByVersion(userId),
    countPrivateLetters: async (tx, userId) =>
      (
        await createFutureMessagesRepository(tx).page(userId, {
          encryptionVersion: PRIVATE_MODE.encryptionVersion,
          limit: 1,
          offset: 0,
        })
      ).total,
    countPrivateMedia: async (tx, userId) =>
      media.countSealedByUser(await createEntriesRepository(tx).storedMediaPaths(userId)),
    keyPairs: {
      remove: (tx, userId) => createKeyPairsRepository(tx).remove(userId),
      isWrappedPrivately: (tx, userId) => createKeyPairsRepository(tx).isWrappedPrivately(userId),
    },
    accounts: account,
    verifyPassword: deps.verifyPassword ?? verifyPassword,
    appUrl: config.appUrl,
  });
  const keyPairs = createKeyPairsService({
    db,
    clock,
    privateMode,
    // Bound late: sharing is made below, and this runs only in a request.
    onWrappedPrivately: (tx, userId, publicKey) => sharing.sealServerKeptNotes(tx, userId, publicKey),
  });
  const events = createEventsService({
    db,
    hub: createLiveHub({
      channel,
      checkSessions: (ids) => account.liveSessionIds(ids, clock.now()),
      log: deps.log,
      options: deps.live,
    }),
  });

  const entries = createEntriesService({
    db,
    plans,
    keys: encryption,
    moderator: moderation.text,
    media,
    clock,
    mode: (userId) => privateMode.mode(userId),
    holdKey: (tx, userId) => privateMode.holdKey(tx, userId),
  });
  // Switching an account into private mode and back (ADR 097): the entries' rows re-encrypted by the browser.
  const reEncryption = createReEncryptionService({
    db,
    keys: encryption,
    mode: (userId) => privateMode.mode(userId),
    holdKey: (tx, userId) => privateMode.holdKey(tx, userId),
    // Called after construction, when `sharing` below exists.
    onMadePrivate: (tx, user, entryIds) => sharing.revokeForPrivateEntries(tx, user, entryIds),
  });
  const futureMessages = createFutureMessagesService({
    db,
    plans,
    limits,
    keys: encryption,
    clock,
    appUrl: config.appUrl,
    isPrivate: (userId) => privateMode.isSetUp(userId),
    mode: (userId) => privateMode.mode(userId),
  });

  const contact = createContactService({
    db,
    repository: createContactRepository(),
    contactEmail: config.mail.contactEmail,
    clock,
  });
  const sharing = createSharingService({
    db,
    keys: encryption,
    moderator: moderation.text,
    media,
    plans,
    limits,
    clock,
    appUrl: config.appUrl,
    linkSecret: config.authSecret,
    visibleEntries: { of: visibleEntriesOf, rule: visibleEntry },
  });
  const jobRuns = createJobRunStore(db, clock);

  return {
    betterAuth,
    /** What tests and the benchmark may read of the session cache (ADR 047). */
    sessionCache: {
      size: () => sessionCache.size(),
      isTrusted: () => channel.isListening(),
      /** Starts hearing revocations (the first signed-in lookup does this too). */
      listen: () => channel.start(),
    },
    encryption,
    moderation,
    storage,
    mediaLinks,
    media,
    plans,
    limiter,
    limits,
    health: createHealthService(database, { testTools: config.testTools }),
    pricing: createPricingService(createPricingRepository(db)),
    contact,
    auth: createAuthService({
      auth: betterAuth,
      authSecret: config.authSecret,
      sessionCookieName: sessionCookie(config).name,
      secureCookies: sessionCookie(config).secure,
      db,
      appUrl: config.appUrl,
      accounts: account,
      lockout,
      twoFactor,
      passkeys,
      verifyPassword: deps.verifyPassword ?? verifyPassword,
      clock,
      log: deps.log,
      onSessionEnded: events.sessionEnded,
      sessionCache: {
        cache: sessionCache,
        listen: () => {
          if (isListenRequested) return;
          isListenRequested = true;
          // Until it listens the cache is not trusted (every lookup reads the database); a refused start is
          // asked for again by the next lookup.
          channel.start().catch(() => {
            isListenRequested = false;
          });
        },
      },
    }),
    account,
    twoFactor,
    passkeys,
    privateMode,
    keyPairs,
    billing,
    events,
    notifications: createNotificationsService({ db }),
    devMail: createDevMailService(config.mail.mailDir),
    sharing,
    jobRuns,
    adminArea: createAdminAreaService({
      db,
      clock,
      users: createUserActions({ db, clock, onUserChanged: forgetSessionsOf }),
      onUserChanged: forgetSessionsOf,
      sharing,
      contact,
      jobRuns,
    }),
    entries,
    reEncryption,
    exports: createExportService({
      db,
      storage,
      keys: encryption,
      clock,
      visibleEntries: visibleEntriesOf,
      isPrivate: (userId) => privateMode.isSetUp(userId),
    }),
    companions: createCompanionsService({ entries, clock }),
    imports: createImportService({
      db,
      entries,
      media,
      keys: encryption,
      moderator: moderation.text,
      clock,
      tmpDir: importTmpDir(config.dataDir),
      visibleEntries: visibleEntriesOf,
      isPrivate: (userId) => privateMode.isSetUp(userId),
      storage,
      owner: async (userId) => {
        const user = await account.findById(userId);
        return user ? toSessionUser(user) : null;
      },
    }),
    futureMessages,
    reminders: createRemindersService({
      db,
      clock,
      appUrl: config.appUrl,
      authSecret: config.authSecret,
      push: createPushSender(config.push, deps.push),
      visibleEntry,
    }),
    ai: createAiService({
      db,
      provider: aiProvider,
      plans,
      entries,
      futureMessages,
      keys: encryption,
      moderator: moderation.text,
      limits,
      clock,
      log: deps.log,
      isPrivate: (userId) => privateMode.isSetUp(userId),
      mode: (userId) => privateMode.mode(userId),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Stripe with keys; the local test checkout without them outside production; nothing sold otherwise (config.ts). */
function paymentsSetup(config: Config): PaymentsSetup {
  const { payments } = config;
  if (payments.kind !== 'stripe') return payments;
  const provider = createStripeProvider({
    secretKey: payments.secretKey,
    webhookSecret: payments.webhookSecret,
    apiBase: payments.apiBase,
  });
  return { kind: 'stripe', provider, verifyWebhook: provider.verifyWebhook };
}
