import {
  newShareKey,
  SHARE_MESSAGES,
  type ShareView,
  sealShareCopy,
  shareKeyFragment,
  toBase64,
} from '@daybook/shared';
import { configure, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import SharedEntryPage from '../pages/SharedEntryPage.tsx';

configure({ asyncUtilTimeout: 15_000 });

/*
 * A private entry's share opened on /share/:token (ADR 103): the server answers the sealed copy alone, and the page
 * opens it with the key in its own fragment, or says the spec's "not found" without the key or with another one.
 */

const SHARE_ID = '00000000-0000-4000-8000-000000000103';
const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA';
const TEXT = 'The allotment in the rain, and the robin that waited.';

async function sealedView(key: Uint8Array<ArrayBuffer>, sealing: 'link' | 'server'): Promise<ShareView> {
  return {
    shareId: SHARE_ID,
    status: 'active',
    note: null,
    sharedAt: new Date().toISOString(),
    sender: { name: 'Grace Hopper' },
    entry: null,
    events: [],
    canRespond: false,
    sealed: {
      sealing,
      copy: await sealShareCopy(key, SHARE_ID, { text: TEXT, moodTag: 'Peaceful' }),
      wrappedKey: null,
      key: sealing === 'server' ? toBase64(key) : null,
      media: null,
      createdAt: new Date().toISOString(),
    },
  };
}

function renderAt(answer: ShareView, hash: string) {
  window.location.hash = hash;
  stubApi({
    'GET /api/auth/session': json({ user: null }),
    [`GET /api/share-links/${TOKEN}`]: json(answer),
  });
  renderRoutes(
    createMemoryRouter([{ path: '/share/:token', element: <SharedEntryPage /> }], {
      initialEntries: [`/share/${TOKEN}`],
    }),
  );
}

afterEach(() => {
  window.location.hash = '';
});

describe('a sealed share through its link', () => {
  it('opens with the key in the fragment, mood and all', async () => {
    const key = newShareKey();
    renderAt(await sealedView(key, 'link'), shareKeyFragment(key));
    expect(await screen.findByText(TEXT)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Mood: Peaceful' })).toBeTruthy();
  });

  it('is not found without the fragment', async () => {
    const key = newShareKey();
    renderAt(await sealedView(key, 'link'), '');
    expect(await screen.findByText(SHARE_MESSAGES.notFound)).toBeTruthy();
    expect(screen.queryByText(TEXT)).toBeNull();
  });

  it('is not found with another key in the fragment', async () => {
    renderAt(await sealedView(newShareKey(), 'link'), shareKeyFragment(newShareKey()));
    expect(await screen.findByText(SHARE_MESSAGES.notFound)).toBeTruthy();
    expect(screen.queryByText(TEXT)).toBeNull();
  });

  it('"E-mail it": opens with the key the server answers, without a fragment', async () => {
    renderAt(await sealedView(newShareKey(), 'server'), '');
    expect(await screen.findByText(TEXT)).toBeTruthy();
  });
});
