import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Entry, ImportJob, ImportPreview } from '@daybook/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app.ts';
import { createSignedInUser } from './support/factories.ts';

/*
 * The upgrade rule (deploy/README.md, ADR 079): a migration adds and never takes away, so an instance of
 * the previous version keeps working on the migrated schema while the instances are replaced one by one. Here the
 * previous version's own statements for an import preview (before migration 0019, ADR 077) run on today's schema,
 * and today's code reads what they wrote.
 */
describe('migrations keep the previous version working', () => {
  const ctx = useTestApp();

  it("0019: the previous version's import previews are written, confirmed and read as 'ready' imports", async () => {
    const person = await createSignedInUser(ctx);
    const db = ctx.database.db;
    const id = randomUUID();
    const preview: ImportPreview = {
      id,
      source: 'dayone',
      archiveEntries: 1,
      newEntries: 1,
      duplicates: 0,
      media: 0,
      attachments: 0,
      firstDate: '2022-05-01',
      lastDate: '2022-05-01',
      skippedCount: 0,
      skipped: [],
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    };
    // The previous version's statements, as its repository sent them (only the columns it knew).
    await db.execute(sql`
      insert into import_previews (id, user_id, source, summary, expires_at)
      values (${id}, ${person.user.id}, 'dayone', '{}'::jsonb, now())`);
    await db.execute(sql`
      insert into import_items (preview_id, position, import_key, encrypted_content, encryption_iv, mood_tag,
                                time_zone, entry_date, created_at, updated_at, media_draft_id, attach_to_existing,
                                source_type, label)
      values (${id}, 1, 'dayone:OLD1', 'c2VhbGVk', 'aXY=', null, 'UTC', '2022-05-01', now(), now(), null, false,
              'journal', 'Entry of 2022-05-01')`);
    await db.execute(sql`
      update import_previews set summary = ${JSON.stringify(preview)}::jsonb, expires_at = ${preview.expiresAt}
      where id = ${id} and user_id = ${person.user.id}`);
    const { rows } = await db.execute<{ id: string }>(sql`
      select id, user_id, source, summary, expires_at, created_at from import_previews
      where id = ${id} and user_id = ${person.user.id} and expires_at > now()`);
    expect(rows).toHaveLength(1);

    // Today's code sees a preview waiting for its confirmation.
    const current = await ctx.app.inject({
      method: 'GET',
      url: '/api/import/current',
      headers: { cookie: person.cookie },
    });
    expect(current.json<ImportJob>()).toMatchObject({ id, state: 'ready', preview: { newEntries: 1 } });

    // And the previous version can still take it for its own confirmation.
    const claimed = await db.execute<{ id: string }>(sql`
      update import_previews set expires_at = now()
      where id = ${id} and user_id = ${person.user.id} and expires_at > now() returning id`);
    expect(claimed.rows).toHaveLength(1);
  });

  it("0021: a session the previous version writes (it knows no passkeys) is listed today as no passkey's", async () => {
    const person = await createSignedInUser(ctx);
    const db = ctx.database.db;
    const id = randomUUID();
    // The previous version's insert, through better-auth with its own schema: the columns it knew.
    await db.execute(sql`
      insert into sessions (id, user_id, token, expires_at, ip_address, user_agent, impersonated_by,
                            two_factor_verified, created_at, updated_at)
      values (${id}, ${person.user.id}, ${`old-version-${id}`}, now() + interval '1 day', null, 'Old version', null,
              true, now(), now())`);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/sessions',
      headers: { cookie: person.cookie },
    });
    expect(listed.json().sessions.find((s: { id: string }) => s.id === id)).toMatchObject({
      isTwoFactor: true,
      isPasskey: false,
    });
  });

  it("0023: the previous version's entries read with no further attachments, and its deletes leave none behind", async () => {
    const person = await createSignedInUser(ctx);
    const db = ctx.database.db;
    // The previous version's insert of an entry: the columns it knew, no attachments.
    const plain = randomUUID();
    await db.execute(sql`
      insert into entries (id, user_id, encrypted_content, metadata, entry_date, time_zone, import_key)
      values (${plain}, ${person.user.id}, 'c2VhbGVk', '{"encryption_iv":"aXY="}'::jsonb, '2022-05-01', 'UTC',
              'dayone:OLD2')`);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/entries',
      headers: { cookie: person.cookie },
    });
    expect(listed.json<{ entries: Entry[] }>().entries.find((e) => e.id === plain)?.attachments).toEqual([]);

    // An entry with a further attachment, written by this version, deleted by the previous one (its statement
    // clears only media_url): the file is no live entry's any more, and the sweep removes it.
    const file = `${person.user.id}/2022-05-01/${randomUUID()}.pdf`;
    const local = path.join(ctx.config.dataDir, 'further.pdf');
    await writeFile(local, '%PDF-1.4\n%%EOF\n');
    await ctx.app.services.storage.putFile(file, local, 'application/pdf');
    const further = randomUUID();
    await db.execute(sql`
      insert into entries (id, user_id, encrypted_content, metadata, entry_date, time_zone, import_key, attachments)
      values (${further}, ${person.user.id}, 'c2VhbGVk', '{"encryption_iv":"aXY="}'::jsonb, '2022-05-02', 'UTC',
              'dayone:NEW1', ${JSON.stringify([{ id: randomUUID(), path: file, kind: 'pdf', thumbWidth: null, thumbHeight: null }])}::jsonb)`);
    // Past the sweep's grace period (ADR 016), the file is still a live entry's. (The sweep's count is not
    // asserted: the worker's data folder also holds what earlier files of this worker stored.)
    ctx.clock.advance(2 * 3600_000);
    await ctx.app.services.media.sweepOrphans();
    expect(await ctx.app.services.storage.open(file)).not.toBeNull();
    await db.execute(sql`
      update entries set deleted_at = now(), updated_at = now(), media_url = null,
        media_thumb_width = null, media_thumb_height = null
      where id = ${further} and user_id = ${person.user.id}`);
    expect(await ctx.app.services.media.sweepOrphans()).toBeGreaterThanOrEqual(1);
    expect(await ctx.app.services.storage.open(file)).toBeNull();
  });
});
