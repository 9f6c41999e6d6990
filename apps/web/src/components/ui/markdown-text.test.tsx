import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MarkdownText } from './markdown-text.tsx';

describe('MarkdownText', () => {
  it('draws prose at once, as plain text with its escapes resolved', () => {
    const { container } = render(<MarkdownText text={'Buttes\\-Chaumont, 5\\.30'} headingLevel={4} />);
    expect(container.querySelector('p')?.textContent).toBe('Buttes-Chaumont, 5.30');
  });

  it('draws tasks as disabled checkboxes named by their text, and quotes and code', async () => {
    render(
      <MarkdownText
        text={'- [x] post the letter\n- [ ] call Ana\n\n> calm\n\n`npm test`'}
        headingLevel={4}
      />,
    );
    const done = await screen.findByRole('checkbox', { name: 'post the letter' });
    expect(done).toHaveProperty('checked', true);
    expect(done).toHaveProperty('disabled', true);
    const open = screen.getByRole('checkbox', { name: 'call Ana' });
    expect(open).toHaveProperty('checked', false);
    expect(screen.getByText('calm').closest('blockquote')).toBeTruthy();
    expect(screen.getByText('npm test').tagName).toBe('CODE');
  });

  it('opens only web and mail links, in a new tab without an opener', async () => {
    render(
      <MarkdownText
        text={
          '[web](https://example.com) [mail](mailto:a@example.com) [data](data:text/html,x) [rel](/admin) www.example.org'
        }
        headingLevel={4}
      />,
    );
    const web = await screen.findByRole('link', { name: 'web' });
    expect(web.getAttribute('target')).toBe('_blank');
    expect(web.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:a@example.com');
    expect(screen.getByRole('link', { name: 'www.example.org' }).getAttribute('href')).toBe(
      'http://www.example.org',
    );
    expect(screen.queryByRole('link', { name: 'data' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'rel' })).toBeNull();
  });

  it("draws an imported entry's attachment marks and opens links between imported entries here (ADR 088)", async () => {
    const { container } = render(
      <MarkdownText
        text={
          'Dusk ![Photo 2](attachment:2) and [the day before](/entry/dayone/DA01) but not ![x](attachment:../2) or [x](/entry/../admin)'
        }
        headingLevel={4}
      />,
    );
    const linked = await screen.findByRole('link', { name: 'the day before' });
    expect(linked.getAttribute('href')).toBe('/entry/dayone/DA01');
    expect(linked.getAttribute('target')).toBeNull();
    const mark = container.querySelector('[data-attachment-mark="2"]');
    expect(mark?.textContent).toBe('Photo 2');
    // Anything else stays as before: an image's description, a relative link's text, neither followed.
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('shows HTML as text and inserts none of it', async () => {
    const { container } = render(
      <MarkdownText text={'**x** <script>alert(1)</script> <img src=x onerror=alert(1)>'} headingLevel={4} />,
    );
    expect((await screen.findByText('x')).tagName).toBe('STRONG');
    expect(container.querySelector('script, img')).toBeNull();
    expect(container.textContent).toBe('x <script>alert(1)</script> <img src=x onerror=alert(1)>');
  });

  it('keeps an HTML block as text with its lines, and gives a link its text only', async () => {
    const renderText = (text: string) => (text.includes('#') ? <button type="button">{text}</button> : text);
    const { container } = render(
      <MarkdownText
        text={'<div>\n*one*\n</div>\n\n[#tag](https://example.com)'}
        headingLevel={4}
        renderText={renderText}
      />,
    );
    const link = await screen.findByRole('link', { name: '#tag' });
    expect(link.querySelector('button')).toBeNull();
    const block = container.querySelector('p');
    expect(block?.textContent).toBe('<div>\n*one*\n</div>');
    expect(block?.className).toContain('whitespace-pre-line');
  });

  it('gives every run of text to renderText, and cuts after maxChars characters as read', async () => {
    const onTag = vi.fn();
    render(
      <MarkdownText
        text={'## Day\n\nA **long** day at #work, and more words after it'}
        maxChars={25}
        headingLevel={3}
        renderText={(text) =>
          text.includes('#work') ? (
            <button type="button" onClick={() => onTag('#work')}>
              {text}
            </button>
          ) : (
            text
          )
        }
      />,
    );
    expect(await screen.findByRole('heading', { level: 4, name: 'Day' })).toBeTruthy();
    const run = screen.getByRole('button');
    // "Day" (3), the line between the blocks (1), "A long" (6), then 15 of " day at #work, and…", trimmed.
    expect(run.textContent).toBe(' day at #work,...');
    fireEvent.click(run);
    expect(onTag).toHaveBeenCalledWith('#work');
  });
});
