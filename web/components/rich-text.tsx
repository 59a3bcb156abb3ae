import { useMemo } from 'react';
import { cn } from '../lib/cn';
import { sanitizeHtml } from '../lib/safe-html';

/** Stored HTML (descriptions, terms, instructions), re-sanitised on the page before it is rendered. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (clean === '') return null;
  return <div className={cn('rich-text', className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
