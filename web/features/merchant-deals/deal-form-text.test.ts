import { describe, expect, it } from 'vitest';
import { merchantDealBody } from '../../../contract/workspace';
import { dealFieldsBody, emptyDealFields, validateDealFields } from '../admin-catalog';
import { DEAL_FORM_MESSAGES_EN } from './deal-form-text';

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

  it('sends a body without merchant or payment-provider sync, as POST /api/merchant/deals takes it', () => {
    const body = dealFieldsBody({ ...emptyDealFields(), title: ' Ramen ', price: '12.5', validUntil: '2026-06-30T12:00' });
    expect(body).not.toHaveProperty('merchantId');
    expect(body).not.toHaveProperty('createStripeProduct');
    expect(merchantDealBody.parse(body)).toMatchObject({ title: 'Ramen', priceCents: 1250, validUntil: new Date('2026-06-30T12:00') });
  });
});
