import { MESSAGES } from '@daybook/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { ContactForm } from './components/ContactForm.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn() },
}));

const fetchMock = vi.fn<typeof fetch>();

function renderForm() {
  return renderWithProviders(<ContactForm />, {
    path: '/contact',
    routes: [{ path: '/contact-thank-you', element: <h1>Thank you page</h1> }],
  });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidMessage(overrides: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>> = {}) {
  const values = {
    Name: 'Grace Hopper',
    Email: 'Grace@Example.com ',
    Subject: 'Hello',
    Message: 'Thank you for a journal that keeps my words private.',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) fill(label, value);
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  });
}

describe('ContactForm', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(toast.error).mockClear();
  });

  it('labels every field', () => {
    renderForm();
    for (const label of ['Name', 'Email', 'Topic', 'Subject', 'Message']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
  });

  it('shows a field error for an invalid e-mail and sends nothing', async () => {
    renderForm();
    fillValidMessage({ Email: 'not-an-email' });
    await submit();

    const error = await screen.findByText(MESSAGES.invalidEmail);
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('false');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the cleaned-up message and moves on to the thank-you page', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ id: '0b6f2f0e-8d4c-4a8e-9a57-1a3c5d7e9f10', createdAt: '2026-11-21T12:00:00Z' }, 201),
    );
    const { router } = renderForm();
    fill('Topic', 'billing');
    fillValidMessage();
    await submit();

    expect(await screen.findByRole('heading', { name: 'Thank you page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/contact-thank-you');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      topic: 'billing',
      subject: 'Hello',
      message: 'Thank you for a journal that keeps my words private.',
    });
  });

  it("puts the server's field errors under the fields", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'Invalid input',
          fields: { subject: 'Subject looks like spam' },
        },
        400,
      ),
    );
    renderForm();
    fillValidMessage();
    await submit();

    expect(await screen.findByText('Subject looks like spam')).toBeTruthy();
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says the message could not be sent on any other failure', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500));
    renderForm();
    fillValidMessage();
    await submit();

    expect(toast.error).toHaveBeenCalledWith(MESSAGES.contactFailed, undefined);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });
});
