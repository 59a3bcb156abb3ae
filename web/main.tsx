import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppLayout } from './app/layout';
import { PageErrorBoundary } from './app/page-error';
import { AppProviders } from './app/providers';
import { AppRouter, startFirstScreen } from './app/router';
import { startI18n } from './i18n';
import { reloadOnPreloadError } from './lib/chunk-reload';
import { queryClient } from './lib/query-client';
import { pickUpSessionFromUrl } from './lib/session';
import './styles.css';

/** Starts the first screen's downloads, then renders the app. */
function start(): void {
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
        {/* The routes have a boundary of their own inside the layout; this one keeps a failure of the frame (the
            header's parts load on demand too) from leaving a blank page. */}
        <PageErrorBoundary>
          <AppProviders>
            <AppLayout>
              <AppRouter />
            </AppLayout>
          </AppProviders>
        </PageErrorBoundary>
      </StrictMode>,
    );
  });
}

// Code missing after a deploy reloads the page once, to fetch the new version.
reloadOnPreloadError();

// Before anything reads the session: a session handed over in the address is removed from it, and taken only when
// the browser has none (which asks the server first). Without one in the address the app starts at once.
// The texts of the first screen are bundled; a reader who chose Chinese waits for its catalogues (one request).
const handover = pickUpSessionFromUrl();
void Promise.all([handover, startI18n()]).then(start);
