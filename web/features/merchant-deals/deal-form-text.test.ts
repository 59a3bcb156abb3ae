import { describe, expect, it } from 'vitest';
import { merchantDealBody } from '../../../contract/workspace';
import { dealFieldsBody, emptyDealFields, validateDealFields } from '../admin-catalog';
import { formatMoney } from '../../lib/money';
import { DEAL_FORM_MESSAGES_EN, dealFormMessages } from './deal-form-text';

describe('the merchant deal form in English', () => {
  it('words the same checks as the superadmin\'s form', () => {
    expect(validateDealFields(emptyDealFields(), DEAL_FORM_MESSAGES_EN)).toEqual({ title: 'Please enter a title', price: 'Please enter the price' });
    const filled = { ...emptyDealFields(), title: 'Ramen', price: '12' };
    expect(validateDealFields({ ...filled, originalPrice: '-1' }, DEAL_FORM_MESSAGES_EN).originalPrice).toBe('The original price must not be negative');
    expect(validateDealFields({ ...filled, maxPerUser: '5000' }, DEAL_FORM_MESSAGES_EN).maxPerUser).toBe('Must be at most 1,000');
    expect(validateDealFields({ ...filled, description: 'x'.repeat(20_001) }, DEAL_FORM_MESSAGES_EN).description).toBe('The description must be at most 20,000 characters');
    expect(validateDealFields({ ...filled, validFrom: '2026-05-02T10:00', validUntil: '2026-05-01T10:00' }, DEAL_FORM_MESSAGES_EN).validUntil).toBe(
      'The end must not be before the start',
    );
  });

  it('words the payment provider\'s minimum charge as the server does: a price is free or at least $0.50, a group price at least $0.50', () => {
    const filled = { ...emptyDealFields(), title: 'Ramen', price: '12' };
    expect(validateDealFields({ ...filled, price: '0.49' }, DEAL_FORM_MESSAGES_EN).price).toBe('The price must be $0.00 or at least $0.50');
    expect(validateDealFields({ ...filled, price: '0' }, DEAL_FORM_MESSAGES_EN).price).toBeUndefined();
    expect(validateDealFields({ ...filled, groupSize: '2', groupPrice: '0.10' }, DEAL_FORM_MESSAGES_EN).groupPrice).toBe('The group price must be at least $0.50');
    expect(validateDealFields({ ...filled, groupSize: '2', groupPrice: '0.50' }, DEAL_FORM_MESSAGES_EN)).toEqual({});
  });

  it('words the minimum charge in Chinese too, with the amounts as the screen writes money', () => {
    const chinese = dealFormMessages('zh-CN');
    expect(chinese.priceBelowMinimum).toBe(`价格必须是 ${formatMoney(0)} 或不小于 ${formatMoney(50)}`);
    expect(chinese.groupPriceBelowMinimum).toBe(`拼团价不能小于 ${formatMoney(50)}`);
  });

  it('sends a body without merchant or payment-provider sync, as POST /api/merchant/deals takes it', () => {
    const body = dealFieldsBody({ ...emptyDealFields(), title: ' Ramen ', price: '12.5', validUntil: '2026-06-30T12:00' });
    expect(body).not.toHaveProperty('merchantId');
    expect(body).not.toHaveProperty('createStripeProduct');
    expect(merchantDealBody.parse(body)).toMatchObject({ title: 'Ramen', priceCents: 1250, validUntil: new Date('2026-06-30T12:00') });
  });
});
