import { describe, expect, it } from 'vitest';
import { addStaffBody } from '../../../contract/workspace';
import { ApiError } from '../../lib/api-client';
import { staffBody, staffRefusal, validateStaffForm } from './staff-form';

const refused = (status: number, message: string, code?: string) => new ApiError(status, JSON.stringify({ message, code }), '');

describe('the add-staff form', () => {
  it('accepts exactly the phones and names the server accepts', () => {
    for (const phone of ['5550100009', '+1 (555) 010-0009', '555 010 00', '', '+12345678901234567']) {
      const client = validateStaffForm({ phone, name: '' }).phone === undefined;
      expect(client, phone).toBe(addStaffBody.safeParse({ phone, name: '' }).success);
    }
    expect(validateStaffForm({ phone: '', name: '' }).phone).toBe('Please enter the phone number');
    expect(validateStaffForm({ phone: '5550100009', name: 'x'.repeat(81) }).name).toBe('The name must be at most 80 characters');
    expect(staffBody({ phone: ' 555-010-0009 ', name: '  Kenji ' })).toEqual({ phone: '5550100009', name: 'Kenji' });
  });

  it('puts a refusal under the field it is about, and the rest above the buttons', () => {
    expect(staffRefusal(refused(400, 'phone: Please enter a valid phone number'))).toEqual({ field: 'phone', message: 'Please enter a valid phone number' });
    expect(staffRefusal(refused(400, 'name: must be at most 80 characters'))).toEqual({ field: 'name', message: 'must be at most 80 characters' });
    // By the refusal's code, whatever the language of its message.
    expect(staffRefusal(refused(409, 'This phone already has an account', 'phone_taken'))).toEqual({ field: 'phone', message: 'This phone already has an account' });
    expect(staffRefusal(refused(409, '该手机号已有账号', 'phone_taken'))).toEqual({ field: 'phone', message: '该手机号已有账号' });
    expect(staffRefusal(refused(409, 'A merchant can have at most 20 staff accounts'))).toEqual({ field: null, message: 'A merchant can have at most 20 staff accounts' });
    expect(staffRefusal(new TypeError('Failed to fetch')).field).toBeNull();
  });
});
