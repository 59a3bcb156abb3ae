import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppLayout } from './app/layout';
import { AppProviders } from './app/providers';
import { AppRouter, startFirstScreen } from './app/router';
import { queryClient } from './lib/query-client';
import { pickUpSessionFromUrl } from './lib/session';
import './styles.css';

// Before anything reads the session: a session handed over in the address is stored and removed from it.
pickUpSessionFromUrl();
// The first screen's data and code start downloading before React renders anything.
startFirstScreen(queryClient, window.location);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render is a transition: React builds it in short slices between which the browser stays responsive,
// instead of in one long task while the page is still loading.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <AppLayout>
          <AppRouter />
        </AppLayout>
      </AppProviders>
    </StrictMode>,
  );
});
