// Rendering the redemption screens in tests: a query cache that already knows who is signed in, and an in-memory address.
import type { CurrentUser } from '../../../contract/auth';

export { renderScreen } from '../../test/screens';

export const MERCHANT_USER: CurrentUser = {
  id: 'u-merchant',
  phone: '5550100001',
  phoneVerified: true,
  email: null,
  pendingEmail: null,
  role: 'merchant',
  merchantId: 'm-sakura',
  merchantRole: 'owner',
  hasPassword: true,
  mustChangePassword: false,
};

export const STAFF_USER: CurrentUser = { ...MERCHANT_USER, id: 'u-staff', phone: '5550100002', merchantRole: 'staff' };

export const CUSTOMER_USER: CurrentUser = { ...MERCHANT_USER, id: 'u-customer', role: 'customer', merchantId: null, merchantRole: null };
