import { describe, expect, it } from 'vitest';
import { createDealBody as serverDealBody, type AdminDeal } from '../../../contract/admin';
import { MIN_CHARGE_CENTS } from '../../../contract/constants';
import { isImageUrl } from '../../../contract/urls';
import {
  DEAL_LIMITS,
  centsToUsdInput,
  dealBody,
  dealFormFrom,
  emptyDealForm,
  isoToLocalInput,
  localInputToIso,
  usdToCents,
  validateDealForm,
  type DealFormValues,
} from './deal-form';

const MERCHANT = '0b6f7a1e-3c1d-4b7a-9a53-8f7f8b1f2c3d';

function form(changes: Partial<DealFormValues>): DealFormValues {
  return { ...emptyDealForm(MERCHANT), title: 'Ramen for two', price: '19.99', ...changes };
}

describe('money', () => {
  it('turns dollars into cents by multiplying by 100 and rounding', () => {
    expect(usdToCents('19.99')).toBe(1999);
    expect(usdToCents('0.1')).toBe(10);
    expect(usdToCents('10.005')).toBe(1001);
    expect(usdToCents('')).toBeNull();
    expect(usdToCents('abc')).toBeNull();
    expect(centsToUsdInput(1999)).toBe('19.99');
    expect(centsToUsdInput(null)).toBe('');
  });
});

describe('deal form checks', () => {
  it('starts with inventory 0 and a limit of 1 per customer', () => {
    const values = emptyDealForm();
    expect(values.inventory).toBe('0');
    expect(values.maxPerUser).toBe('1');
    expect(values.createStripeProduct).toBe(false);
    expect(values.refundAnytime).toBe(true);
    expect(values.autoRefundOnExpiry).toBe(true);
  });

  it('needs a merchant, a title and a price', () => {
    expect(validateDealForm(emptyDealForm())).toEqual({ merchantId: '请选择商家', title: '请输入团购标题', price: '请输入价格' });
    expect(validateDealForm(form({}))).toEqual({});
  });

  it('refuses negative prices and non-numbers', () => {
    expect(validateDealForm(form({ price: '-1' })).price).toBe('价格不能为负数');
    expect(validateDealForm(form({ price: 'ten' })).price).toBe('请输入有效的价格');
    expect(validateDealForm(form({ originalPrice: '-0.5' })).originalPrice).toBe('原价不能为负数');
    expect(validateDealForm(form({ price: '0' })).price).toBeUndefined();
  });

  it('refuses a price the payment provider cannot charge, as the server does, but takes a free deal', () => {
    expect(DEAL_LIMITS.minChargeCents).toBe(MIN_CHARGE_CENTS);
    expect(validateDealForm(form({ price: '0.01' })).price).toBe('价格必须是 $0.00 或不小于 $0.50');
    expect(validateDealForm(form({ price: '0.49' })).price).toBe('价格必须是 $0.00 或不小于 $0.50');
    for (const price of ['0', '0.00', '0.5', '0.50', '0.51']) expect(validateDealForm(form({ price })).price, price).toBeUndefined();
    // The form and the server agree on every price around the edge.
    for (const price of ['0', '0.01', '0.3', '0.49', '0.494', '0.495', '0.5', '1']) {
      const values = form({ price });
      const clientAccepts = validateDealForm(values).price === undefined;
      expect(serverDealBody.safeParse(dealBody(values)).success, price).toBe(clientAccepts);
    }
  });

  it('checks inventory and the per-customer limit as whole numbers', () => {
    expect(validateDealForm(form({ inventory: '-1' })).inventory).toBeDefined();
    expect(validateDealForm(form({ inventory: '2.5' })).inventory).toBeDefined();
    expect(validateDealForm(form({ maxPerUser: '0' })).maxPerUser).toBeDefined();
    expect(validateDealForm(form({ inventory: '', maxPerUser: '' }))).toEqual({});
  });

  it('accepts the image addresses the server accepts', () => {
    expect(isImageUrl('https://example.com/a.jpg')).toBe(true);
    expect(isImageUrl('/images/deals/spa-day.svg')).toBe(true);
    expect(isImageUrl('')).toBe(true);
    expect(isImageUrl('example.com/a.jpg')).toBe(false);
    expect(isImageUrl('//evil.example/a.jpg')).toBe(false);
    // Browsers read a backslash as a slash and drop tabs and line breaks: each of these leaves the site.
    expect(isImageUrl('/\\evil.example/a.png')).toBe(false);
    expect(isImageUrl('/\t/evil.example/a.png')).toBe(false);
    expect(isImageUrl('/\n/evil.example/a.png')).toBe(false);
    expect(isImageUrl('https:\\\\evil.example/a.png')).toBe(false);
    expect(isImageUrl('https://')).toBe(false);
    expect(isImageUrl('javascript:alert(1)')).toBe(false);
    expect(validateDealForm(form({ imageUrl: 'not a url' })).imageUrl).toMatch(/URL/);
  });

  it('wants a group offer whole: a size from 2 to 10 with a group price below the price, and 1 to 168 hours', () => {
    expect(emptyDealForm()).toMatchObject({ groupSize: '', groupPrice: '', groupWindowHours: '24' });
    expect(validateDealForm(form({ groupSize: '3', groupPrice: '9.99' }))).toEqual({});
    expect(validateDealForm(form({ groupSize: '3' })).groupPrice).toBe('请输入拼团价');
    expect(validateDealForm(form({ groupPrice: '9.99' })).groupSize).toBe('填写拼团价时请同时填写成团人数');
    expect(validateDealForm(form({ groupSize: '1', groupPrice: '9.99' })).groupSize).toBe('成团人数必须是 2 到 10 之间的整数');
    expect(validateDealForm(form({ groupSize: '11', groupPrice: '9.99' })).groupSize).toBe('成团人数必须是 2 到 10 之间的整数');
    expect(validateDealForm(form({ groupSize: '2.5', groupPrice: '9.99' })).groupSize).toBeDefined();
    expect(validateDealForm(form({ groupSize: '3', groupPrice: '19.99' })).groupPrice).toBe('拼团价必须大于 0 且低于价格');
    expect(validateDealForm(form({ groupSize: '3', groupPrice: '0' })).groupPrice).toBe('拼团价不能小于 $0.50');
    expect(validateDealForm(form({ groupSize: '3', groupPrice: '0.49' })).groupPrice).toBe('拼团价不能小于 $0.50');
    expect(validateDealForm(form({ groupSize: '3', groupPrice: '0.50' }))).toEqual({});
    expect(validateDealForm(form({ groupSize: '3', groupPrice: 'cheap' })).groupPrice).toBe('请输入有效的拼团价');
    expect(validateDealForm(form({ groupWindowHours: '0' })).groupWindowHours).toBeDefined();
    expect(validateDealForm(form({ groupWindowHours: '169' })).groupWindowHours).toBeDefined();
    expect(validateDealForm(form({ groupWindowHours: '168' }))).toEqual({});
  });

  it('wants the end of the validity window after its start', () => {
    expect(validateDealForm(form({ validFrom: '2026-05-02T10:00', validUntil: '2026-05-01T10:00' })).validUntil).toBe(
      '结束时间不能早于开始时间',
    );
    expect(validateDealForm(form({ validFrom: '2026-05-01T10:00', validUntil: '2026-05-02T10:00' }))).toEqual({});
  });
});

describe('deal form bodies', () => {
  it('sends cents, defaults and UTC times the server schema accepts', () => {
    const body = dealBody(
      form({
        originalPrice: '29.99',
        inventory: '',
        maxPerUser: '',
        validFrom: '2026-05-01T09:30',
        validUntil: '',
        imageUrl: ' https://example.com/ramen.jpg ',
        createStripeProduct: true,
      }),
    );
    expect(body).toMatchObject({
      merchantId: MERCHANT,
      title: 'Ramen for two',
      priceCents: 1999,
      originalPriceCents: 2999,
      inventory: 0,
      maxPerUser: 1,
      validFrom: new Date('2026-05-01T09:30').toISOString(),
      validUntil: null,
      imageUrl: 'https://example.com/ramen.jpg',
      createStripeProduct: true,
    });
    expect(serverDealBody.safeParse(body).success).toBe(true);
  });

  it('sends both refund switches as they are set', () => {
    expect(dealBody(form({}))).toMatchObject({ refundAnytime: true, autoRefundOnExpiry: true });
    const off = dealBody(form({ refundAnytime: false, autoRefundOnExpiry: false }));
    expect(off).toMatchObject({ refundAnytime: false, autoRefundOnExpiry: false });
    expect(serverDealBody.parse(off)).toMatchObject({ refundAnytime: false, autoRefundOnExpiry: false });
  });

  it('sends no group offer as nulls, and a group offer as size, cents and hours', () => {
    const none = dealBody(form({}));
    expect(none).toMatchObject({ groupSize: null, groupPriceCents: null, groupWindowHours: 24 });
    expect(serverDealBody.safeParse(none).success).toBe(true);

    const group = dealBody(form({ groupSize: '4', groupPrice: '14.99', groupWindowHours: '48' }));
    expect(group).toMatchObject({ priceCents: 1999, groupSize: 4, groupPriceCents: 1499, groupWindowHours: 48 });
    expect(serverDealBody.safeParse(group).success).toBe(true);
    expect(dealBody(form({ groupSize: '2', groupPrice: '9', groupWindowHours: '' })).groupWindowHours).toBe(24);
  });

  it('sends the category and the more photos, empty ones dropped, as the server schema takes them', () => {
    const category = '5fb239e9-aea5-4729-9a4e-6d7ff15099d5';
    const body = dealBody(form({ categoryId: category, galleryUrls: [' /api/placeholder/400/300 ', '', 'https://img.example.com/a.jpg'] }));
    expect(body).toMatchObject({ categoryId: category, galleryUrls: ['/api/placeholder/400/300', 'https://img.example.com/a.jpg'] });
    expect(serverDealBody.safeParse(body).success).toBe(true);
    expect(dealBody(form({}))).toMatchObject({ categoryId: null, galleryUrls: [] });
  });

  it('names the first photo that is not a picture address', () => {
    expect(validateDealForm(form({ galleryUrls: ['/a.png', 'javascript:alert(1)', 'ftp://x'] })).galleryUrls).toBe('第 2 张图片的链接必须是有效的 URL（http:// 或 https:// 开头）');
    expect(validateDealForm(form({ galleryUrls: ['/a.png', ''] })).galleryUrls).toBeUndefined();
  });

  it('round-trips local times through ISO', () => {
    const iso = localInputToIso('2026-12-31T23:15');
    expect(iso).toMatch(/Z$/);
    expect(isoToLocalInput(iso)).toBe('2026-12-31T23:15');
    expect(localInputToIso('')).toBeNull();
    expect(isoToLocalInput(null)).toBe('');
  });

  it('fills the edit form from a stored deal', () => {
    const stored = {
      id: 'd1',
      merchantId: MERCHANT,
      merchantName: 'Ramen Ya',
      title: 'Ramen',
      description: '<p>Hot</p>',
      priceCents: 1250,
      originalPriceCents: null,
      discountPercent: null,
      imageUrl: '',
      active: true,
      status: 'published',
      inventory: 40,
      maxPerUser: 2,
      validFrom: null,
      validUntil: '2026-06-30T12:00:00.000Z',
      redemptionInstructions: '',
      termsConditions: '',
      boughtCount: 0,
      soldTodayCount: 0,
      remaining: 40,
      soldOut: false,
      refundAnytime: false,
      autoRefundOnExpiry: true,
      groupSize: 3,
      groupPriceCents: 990,
      groupWindowHours: 48,
      openGroupCount: 0,
      category: null,
      galleryUrls: [],
      rating: 0,
      reviewCount: 0,
      soldCount: 0,
      city: null,
      latitude: null,
      longitude: null,
      distanceKm: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      stripeProductId: 'prod_1',
      stripePriceId: 'price_1',
      merchantStatus: 'active',
      updatedAt: '2026-01-01T00:00:00.000Z',
      rejectionReason: null,
      submittedAt: null,
      categoryId: null,
    } satisfies AdminDeal;
    const values = dealFormFrom(stored);
    expect(values).toMatchObject({ price: '12.50', originalPrice: '', inventory: '40', maxPerUser: '2', createStripeProduct: true, refundAnytime: false, autoRefundOnExpiry: true });
    expect(values).toMatchObject({ groupSize: '3', groupPrice: '9.90', groupWindowHours: '48' });
    expect(dealFormFrom({ ...stored, groupSize: null, groupPriceCents: null, groupWindowHours: 24 })).toMatchObject({ groupSize: '', groupPrice: '', groupWindowHours: '24' });
    expect(values.validUntil).toBe(isoToLocalInput('2026-06-30T12:00:00.000Z'));
  });
});
