import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENT_TITLE, useDocumentTitle } from './use-document-title.ts';

function Titled({ title }: { title?: string }) {
  useDocumentTitle(title);
  return null;
}

describe('useDocumentTitle', () => {
  beforeEach(() => {
    document.title = 'before';
  });

  it('names the page after the product', () => {
    render(<Titled title="About" />);
    expect(document.title).toBe('About · Daybook');
  });

  it('uses the product’s own title when the page gives none', () => {
    render(<Titled />);
    expect(document.title).toBe(DEFAULT_DOCUMENT_TITLE);
  });

  it('follows a changed title and gives the previous one back on unmount', () => {
    const { rerender, unmount } = render(<Titled title="Log In" />);
    rerender(<Titled title="Sign Up" />);
    expect(document.title).toBe('Sign Up · Daybook');
    act(() => unmount());
    expect(document.title).toBe('before');
  });

  it('hands the title back to the page beneath when a screen over it goes away', () => {
    const { rerender } = render(
      <>
        <Titled title="Dashboard" />
        <Titled title="Something went wrong" />
      </>,
    );
    expect(document.title).toBe('Something went wrong · Daybook');
    rerender(<Titled title="Dashboard" />);
    expect(document.title).toBe('Dashboard · Daybook');
  });
});
