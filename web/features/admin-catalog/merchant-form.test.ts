import { describe, expect, it } from 'vitest';
import { createMerchantBody as serverCreateBody, updateMerchantBody as serverUpdateBody } from '../../../contract/admin';
import { phone as serverPhone } from '../../../contract/auth';
import { HOURS_PATTERN } from '../../../contract/merchants';
import {
  businessHoursJson,
  createMerchantBody,
  emptyMerchantForm,
  HOURS_INPUT_PATTERN,
  merchantFormFrom,
  normalizePhoneInput,
  parseBusinessHours,
  percentToBps,
  updateMerchantBody,
  validateMerchantForm,
  type MerchantFormValues,
} from './merchant-form';

function form(changes: Partial<MerchantFormValues>): MerchantFormValues {
  return { ...emptyMerchantForm(), ...changes };
}

describe('merchant place', () => {
  it('wants latitude and longitude both or neither, each in range, as the server does', () => {
    const named = { name: 'Cafe', phone: '5551234567' };
    expect(validateMerchantForm(form({ ...named, latitude: '37.7', longitude: '' }), 'create')).toMatchObject({ longitude: '请同时填写纬度和经度，或都留空' });
    expect(validateMerchantForm(form({ ...named, latitude: '', longitude: '-122.4' }), 'create')).toMatchObject({ latitude: '请同时填写纬度和经度，或都留空' });
    expect(validateMerchantForm(form({ ...named, latitude: '91', longitude: '0' }), 'create')).toMatchObject({ latitude: '纬度须为 -90 到 90 之间的数字' });
    expect(validateMerchantForm(form({ ...named, latitude: '0', longitude: 'east' }), 'create')).toMatchObject({ longitude: '经度须为 -180 到 180 之间的数字' });
    const placed = form({ ...named, city: ' San Francisco ', latitude: '37.788', longitude: '-122.4075' });
    expect(validateMerchantForm(placed, 'create')).toEqual({});
    const body = createMerchantBody(placed);
    expect(body).toMatchObject({ city: 'San Francisco', latitude: 37.788, longitude: -122.4075 });
    expect(serverCreateBody.safeParse(body).success).toBe(true);
    const cleared = updateMerchantBody(form({ ...named }));
    expect(cleared).toMatchObject({ city: null, latitude: null, longitude: null });
    expect(serverUpdateBody.safeParse(cleared).success).toBe(true);
  });
});

describe('merchant form checks', () => {
  it('keeps the hours pattern equal to the contract', () => {
    expect(HOURS_INPUT_PATTERN.source).toBe(HOURS_PATTERN.source);
  });

  it('needs a name and a phone on create, only a name on edit', () => {
    expect(validateMerchantForm(form({}), 'create')).toEqual({ name: '请输入商户名称', phone: '请输入联系电话' });
    expect(validateMerchantForm(form({ name: '  ' }), 'edit')).toEqual({ name: '请输入商户名称' });
    expect(validateMerchantForm(form({ name: 'Cafe' }), 'edit')).toEqual({});
  });

  it('accepts exactly the phones the server accepts', () => {
    for (const raw of ['5551234567', '+1 (555) 123-4567', '555 123 456', '12345', '+12345678901234567', '555-123-4567']) {
      const server = serverPhone.safeParse(raw).success;
      const client = validateMerchantForm(form({ name: 'A', phone: raw }), 'create').phone === undefined;
      expect(client, raw).toBe(server);
    }
    expect(normalizePhoneInput(' +1 (555) 123-4567 ')).toBe('+15551234567');
  });

  it('checks each business-hours period on its own', () => {
    const errors = validateMerchantForm(
      form({ name: 'A', phone: '5551234567', hours: { morning: '9:00-12:00', afternoon: '18:00-14:00', evening: '19:00-22:00' } }),
      'create',
    );
    expect(errors.morning).toMatch(/HH:MM-HH:MM/);
    expect(errors.afternoon).toBe('结束时间必须晚于开始时间');
    expect(errors.evening).toBeUndefined();
  });

  it('limits the lengths like the server', () => {
    const errors = validateMerchantForm(form({ name: 'x'.repeat(121), address: 'a'.repeat(301), description: 'd'.repeat(2001) }), 'edit');
    expect(Object.keys(errors).sort()).toEqual(['address', 'description', 'name']);
  });
});

describe('merchant form bodies', () => {
  it('sends the filled-in hours as a JSON string, and null when none is filled in', () => {
    expect(businessHoursJson({ morning: ' 09:00-12:00 ', afternoon: '', evening: '19:00-22:00' })).toBe(
      '{"morning":"09:00-12:00","evening":"19:00-22:00"}',
    );
    expect(businessHoursJson({ morning: '', afternoon: ' ', evening: '' })).toBeNull();
  });

  it('builds a create body the server schema accepts', () => {
    const body = createMerchantBody(
      form({ name: ' Noodle Bar ', phone: '555 123 4567', address: '1 Main St', hours: { morning: '', afternoon: '14:00-18:00', evening: '' } }),
    );
    expect(body).toEqual({
      name: 'Noodle Bar',
      phone: '5551234567',
      address: '1 Main St',
      description: '',
      businessHours: '{"afternoon":"14:00-18:00"}',
      commissionBps: 1000,
      city: null,
      latitude: null,
      longitude: null,
    });
    const parsed = serverCreateBody.parse(body);
    expect(parsed.businessHours).toEqual({ afternoon: '14:00-18:00' });
  });

  it('leaves the phone out of an edit when the field is emptied', () => {
    expect(updateMerchantBody(form({ name: 'A' }))).not.toHaveProperty('phone');
    expect(updateMerchantBody(form({ name: 'A', phone: '5551234567' })).phone).toBe('5551234567');
  });

  it('reads stored hours back into the three fields, ignoring unreadable ones', () => {
    expect(parseBusinessHours('{"morning":"09:00-12:00"}')).toEqual({ morning: '09:00-12:00', afternoon: '', evening: '' });
    expect(parseBusinessHours('not json')).toEqual({ morning: '', afternoon: '', evening: '' });
    expect(parseBusinessHours(null).evening).toBe('');
    const values = merchantFormFrom({
      id: 'm1',
      name: 'Cafe',
      phone: '5551234567',
      address: 'Addr',
      description: 'Desc',
      status: 'active',
      businessHours: '{"evening":"19:00-22:00"}',
      city: 'San Francisco',
      latitude: 37.7749,
      longitude: -122.4194,
      createdAt: '2024-01-01T00:00:00.000Z',
      photoUrls: [],
      dealCount: 0,
      accountPhone: '5551234567',
      commissionBps: 1250,
      timeZone: 'America/Los_Angeles',
    });
    expect(values.hours.evening).toBe('19:00-22:00');
    expect(values.timeZone).toBe('America/Los_Angeles');
    expect(values.commission).toBe('12.5');
    expect(values.name).toBe('Cafe');
  });
});

describe('time zone', () => {
  it('leaves a new merchant\'s zone to its place unless one is chosen, and sends the zone chosen as the server takes it', () => {
    expect(emptyMerchantForm().timeZone).toBe('');
    expect(createMerchantBody(form({ name: 'Noodle Bar', phone: '5551234567' }))).not.toHaveProperty('timeZone');
    const created = createMerchantBody(form({ name: 'Noodle Bar', phone: '5551234567', timeZone: 'Asia/Tokyo' }));
    expect(serverCreateBody.parse(created).timeZone).toBe('Asia/Tokyo');
    const updated = updateMerchantBody(form({ name: 'Noodle Bar', timeZone: 'America/Los_Angeles' }));
    expect(serverUpdateBody.parse(updated).timeZone).toBe('America/Los_Angeles');
  });

  it('refuses a zone that is not one', () => {
    expect(validateMerchantForm(form({ name: 'A', phone: '5551234567', timeZone: '' }), 'create')).toEqual({});
    expect(validateMerchantForm(form({ name: 'A', timeZone: 'Asia/Tokyo' }), 'edit')).toEqual({});
    expect(validateMerchantForm(form({ name: 'A', timeZone: 'Mars/Olympus' }), 'edit').timeZone).toBe('请从列表中选择时区');
    expect(validateMerchantForm(form({ name: 'A', timeZone: '+08:00' }), 'edit').timeZone).toBe('请从列表中选择时区');
  });
});

describe('commission rate', () => {
  it('starts at the default 10% and is typed as a percent with up to two decimals', () => {
    expect(emptyMerchantForm().commission).toBe('10');
    expect(percentToBps('12.34')).toBe(1234);
    expect(percentToBps(' 0 ')).toBe(0);
    expect(percentToBps('100')).toBe(10_000);
    expect(percentToBps('4.35')).toBe(435);
    expect(percentToBps('.5')).toBe(50);
    for (const wrong of ['', '.', '-1', '100.01', '101', '1.234', 'ten', '1e2']) expect(percentToBps(wrong), wrong).toBeNull();
  });

  it('refuses a missing or unreadable rate', () => {
    expect(validateMerchantForm(form({ name: 'A', commission: ' ' }), 'edit').commission).toBe('请输入佣金比例');
    expect(validateMerchantForm(form({ name: 'A', commission: '12.345' }), 'edit').commission).toMatch(/最多两位小数/);
    expect(validateMerchantForm(form({ name: 'A', commission: '0.5' }), 'edit')).toEqual({});
  });

  it('sends it in basis points on create and edit, as the server takes it', () => {
    const created = createMerchantBody(form({ name: 'Noodle Bar', phone: '5551234567', commission: '7.5' }));
    expect(created.commissionBps).toBe(750);
    expect(serverCreateBody.parse(created).commissionBps).toBe(750);
    const updated = updateMerchantBody(form({ name: 'Noodle Bar', commission: '15' }));
    expect(updated.commissionBps).toBe(1500);
    expect(serverUpdateBody.parse(updated).commissionBps).toBe(1500);
  });
});
