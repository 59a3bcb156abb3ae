// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RefundTerms } from './refund-terms';

afterEach(cleanup);

describe('RefundTerms', () => {
  it('names each promise the deal makes', () => {
    render(<RefundTerms refundAnytime autoRefundOnExpiry />);
    const list = screen.getByRole('list', { name: 'Refunds' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Refund anytime', 'Auto-refund if unused']);
  });

  it('names only the one it makes', () => {
    render(<RefundTerms refundAnytime={false} autoRefundOnExpiry />);
    expect(screen.queryByText('Refund anytime')).toBeNull();
    expect(screen.getByText('Auto-refund if unused')).toBeTruthy();
  });

  it('shows nothing when neither is on', () => {
    const { container } = render(<RefundTerms refundAnytime={false} autoRefundOnExpiry={false} />);
    expect(container.innerHTML).toBe('');
  });
});
