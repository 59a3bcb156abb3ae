/** App-wide providers: the query cache, header counts and toasts. */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { Toaster } from '../components/ui/toaster';
import { NavCountsProvider } from './nav-counts';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <NavCountsProvider>
        {children}
        <Toaster />
      </NavCountsProvider>
    </QueryClientProvider>
  );
}
