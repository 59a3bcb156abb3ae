import { useEffect } from 'react';

export const SITE_NAME = 'DealMarket';

/** Sets the tab title to '{title} · DealMarket' while the screen is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} · Local deals on food, spas and experiences`;
  }, [title]);
}
