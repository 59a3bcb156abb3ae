// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';

// jsdom cannot reload a page: the reload is recorded instead.
const reload = vi.fn();

/** The boundary as a freshly loaded page has it (the reload module remembers a reload under way). */
async function freshBoundary() {
  vi.resetModules();
  vi.doMock('../lib/chunk-reload', async (importOriginal) => {
    const actual = await importOriginal<typeof import('../lib/chunk-reload')>();
    return { ...actual, reloadPage: reload, reloadForNewCode: (run: () => void = reload) => actual.reloadForNewCode(run) };
  });
  return (await import('./page-error')).PageErrorBoundary;
}

const STALE_CHUNK = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/cart-page-old.js');

function Failing({ error }: { error: unknown }): never {
  throw error;
}

beforeEach(() => {
  sessionStorage.clear();
  reload.mockClear();
  // React reports every error a boundary catches on the console.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PageErrorBoundary', () => {
  it('shows its children while nothing fails', async () => {
    const PageErrorBoundary = await freshBoundary();
    render(
      <PageErrorBoundary>
        <p>the screen</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a panel with a Reload button, not a blank page, when a screen fails', async () => {
    const PageErrorBoundary = await freshBoundary();
    render(
      <PageErrorBoundary>
        <Failing error={new Error('a bug')} />
      </PageErrorBoundary>,
    );
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toContain('This page could not be loaded');
    expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    // Not code gone after a deploy: no automatic reload.
    expect(reload).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Reload' });
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once for a screen whose code is gone, and shows the panel if the reloaded page fails too', async () => {
    let PageErrorBoundary = await freshBoundary();
    render(
      <PageErrorBoundary>
        <Failing error={STALE_CHUNK} />
      </PageErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    // While the page reloads it looks like a screen loading, not like a failure.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    cleanup();

    PageErrorBoundary = await freshBoundary();
    render(
      <PageErrorBoundary>
        <Failing error={STALE_CHUNK} />
      </PageErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded');
  });

  it('clears the failure when the location changes, so the reader can go on', async () => {
    const PageErrorBoundary = await freshBoundary();
    const { rerender } = render(
      <PageErrorBoundary resetKey="/cart">
        <Failing error={new Error('a bug')} />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <PageErrorBoundary resetKey="/cart">
        <p>the cart</p>
      </PageErrorBoundary>,
    );
    // Same place: the panel stays until the reader reloads or goes elsewhere.
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <PageErrorBoundary resetKey="/favorites">
        <p>the favourites</p>
      </PageErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('the favourites')).toBeTruthy();
  });
});
