// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Panel, StatePanel } from './panel';
import { Price } from './price';

afterEach(cleanup);

describe('Panel and StatePanel', () => {
  it('labels a panel by its heading', () => {
    render(
      <Panel id="details" title="Details">
        <p>Body</p>
      </Panel>,
    );
    expect(screen.getByRole('region', { name: 'Details' }).textContent).toContain('Body');
  });

  it('offers a retry on an error state', () => {
    const retry = vi.fn();
    render(<StatePanel state="error" heading="h1" title="Loading Failed" message="Please try again." onRetry={retry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Loading Failed' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('reads the title out while loading', () => {
    render(<StatePanel state="loading" title="Loading your cart…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading your cart…');
  });
});

describe('Price', () => {
  it('formats integer cents through the money formatter, struck through for a former price', () => {
    const { container } = render(
      <p>
        <Price cents={123450} /> <Price cents={1999} struck />
      </p>,
    );
    expect(container.textContent).toBe('$1,234.50 $19.99');
    expect(container.querySelector('s')?.textContent).toBe('$19.99');
  });

  it('reads a label before the amount, inside the same element', () => {
    const { container } = render(<Price cents={3998} label="Line total: " />);
    expect(container.textContent).toBe('Line total: $39.98');
    expect(container.querySelector('.sr-only')?.textContent).toBe('Line total: ');
  });
});
