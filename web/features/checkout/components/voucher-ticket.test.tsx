// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { aVoucher } from '../../../test/fixtures';
import { VoucherTicket } from './voucher-ticket';

afterEach(cleanup);

describe('VoucherTicket on the payment result', () => {
  it("states the deal's refund terms beside the validity", () => {
    render(<VoucherTicket voucher={aVoucher()} />);
    expect(screen.getByText('Refund anytime')).toBeTruthy();
    expect(screen.getByText('Auto-refund if unused')).toBeTruthy();
  });

  it('says nothing of refunds when the deal has neither', () => {
    render(<VoucherTicket voucher={aVoucher({ refundAnytime: false, autoRefundOnExpiry: false })} />);
    expect(screen.queryByText('Refund anytime')).toBeNull();
    expect(screen.queryByText('Auto-refund if unused')).toBeNull();
  });
});
