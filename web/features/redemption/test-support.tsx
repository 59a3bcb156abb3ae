// Rendering the redemption screens in tests: a query cache that already knows who is signed in, and an in-memory address.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '../../../contract/auth';
import { createQueryClient } from '../../lib/query-client';
import { currentUserQueryKey } from '../auth';

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

export const CUSTOMER_USER: CurrentUser = { ...MERCHANT_USER, id: 'u-customer', role: 'customer', merchantId: null };

export function renderScreen(ui: ReactNode, options: { user: CurrentUser | null; path: string }) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, options.user);
  const location = memoryLocation({ path: options.path, record: true });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </QueryClientProvider>,
  );
  return { ...view, location, queryClient };
}
