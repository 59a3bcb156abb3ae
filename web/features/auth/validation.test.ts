import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { messageOf } from '../../lib/message-of';
import {
  checkMerchantLogin,
  checkPasswordChange,
  checkPasswordLogin,
  checkRegistration,
  checkRegistrationCode,
  checkSmsCode,
  checkSmsPhone,
  sanitizeCode,
} from './validation';

describe('sanitizeCode', () => {
  it('keeps digits only, at most six', () => {
    expect(sanitizeCode('12a3-4 5')).toBe('12345');
    expect(sanitizeCode('1234567890')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
  });
});

describe('login checks (docs/product/screens.md#login-dialog)', () => {
  it('asks for the phone first, then the password', () => {
    expect(checkPasswordLogin({ identifier: '  ', password: 'x' })).toEqual({ title: 'Phone Number Required', description: 'Please enter your phone number' });
    expect(checkPasswordLogin({ identifier: '5550000001', password: '' })).toEqual({ title: 'Password Required', description: 'Please enter your password' });
    expect(checkPasswordLogin({ identifier: 'a@b.co', password: 'pw' })).toBeNull();
  });

  it('wants an SMS phone of at least 10 characters and a 6-digit code', () => {
    const invalidPhone = { title: 'Invalid phone number', description: 'Please enter a valid phone number' };
    expect(checkSmsPhone('')).toEqual(invalidPhone);
    expect(checkSmsPhone(' 555123456 ')).toEqual(invalidPhone);
    expect(checkSmsPhone('5551234567')).toBeNull();
    expect(checkSmsCode('12345')).toEqual({ title: 'Invalid code', description: 'Please enter the 6-digit verification code' });
    expect(checkSmsCode('123456')).toBeNull();
  });

  it('needs both merchant fields after trimming', () => {
    const problem = { title: 'All Fields Required', description: 'Please enter both phone number and password' };
    expect(checkMerchantLogin({ phone: ' ', password: 'pw' })).toEqual(problem);
    expect(checkMerchantLogin({ phone: '5550100001', password: '   ' })).toEqual(problem);
    expect(checkMerchantLogin({ phone: '5550100001', password: 'pw' })).toBeNull();
  });
});

describe('registration checks, in Chinese', () => {
  const ok = { phone: '5551234567', password: 'secret1', confirmPassword: 'secret1' };
  it('names the failing field with its message', () => {
    expect(checkRegistration({ ...ok, phone: '555' })).toMatchObject({ field: 'phone', description: '手机号至少10位' });
    expect(checkRegistration({ ...ok, password: '12345', confirmPassword: '12345' })).toMatchObject({ field: 'password', description: '密码至少6位' });
    expect(checkRegistration({ ...ok, confirmPassword: 'secret2' })).toMatchObject({ field: 'confirmPassword', description: '两次输入的密码不一致' });
    expect(checkRegistration(ok)).toBeNull();
  });

  it('wants a 6-digit code', () => {
    expect(checkRegistrationCode('12')).toMatchObject({ description: '请输入6位验证码' });
    expect(checkRegistrationCode('654321')).toBeNull();
  });
});

describe('checkPasswordChange', () => {
  const filled = { hasPassword: true, currentPassword: 'old-pass', newPassword: 'new-pass', confirmPassword: 'new-pass' };

  it('asks for the current password only when one is set', () => {
    expect(checkPasswordChange({ ...filled, currentPassword: '' })).toMatchObject({ field: 'currentPassword', title: 'All Fields Required' });
    expect(checkPasswordChange({ ...filled, hasPassword: false, currentPassword: '' })).toBeNull();
  });

  it('checks the confirmation before the length', () => {
    expect(checkPasswordChange({ ...filled, confirmPassword: '' })).toMatchObject({ field: 'confirmPassword', title: 'All Fields Required' });
    expect(checkPasswordChange({ ...filled, confirmPassword: 'other' })).toMatchObject({ title: "Passwords Don't Match" });
    expect(checkPasswordChange({ ...filled, newPassword: 'abc', confirmPassword: 'abc' })).toEqual({
      field: 'newPassword',
      title: 'Password Too Short',
      description: 'New password must be at least 6 characters',
    });
    expect(checkPasswordChange(filled)).toBeNull();
  });
});

describe('messageOf', () => {
  it("shows the server's message, else the screen's fallback", () => {
    expect(messageOf(new ApiError(429, '{"message":"Please wait 42 seconds before requesting another code"}', 'Too Many Requests'), 'Failed to send SMS')).toBe(
      'Please wait 42 seconds before requesting another code',
    );
    expect(messageOf(new ApiError(502, '', 'Bad Gateway'), 'Failed to send SMS')).toBe('Failed to send SMS');
    expect(messageOf(new ApiError(502, '<html>bad gateway</html>', 'Bad Gateway'), 'Unknown error')).toBe('Unknown error');
    expect(messageOf(new TypeError('Failed to fetch'), 'Login failed')).toBe('Login failed');
  });
});
