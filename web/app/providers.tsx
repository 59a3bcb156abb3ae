/** App-wide providers: the query cache and toasts. */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { Toaster } from '../components/ui/toaster';
import { LanguageScope } from './language-switch';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageScope>{children}</LanguageScope>
      <Toaster />
    </QueryClientProvider>
  );
}
