/**
 * The rich-text editor of descriptions, terms and redemption instructions (ADR 042), loaded on demand: the screens
 * that edit take this small module, and the editor itself (Tiptap and ProseMirror) is a chunk of its own, fetched when
 * an editor first appears. Meanwhile a plain block of the editor's height stands in its place.
 */
import { lazy, Suspense } from 'react';
import { cn } from '../../lib/cn';
import { Skeleton } from '../ui/skeleton';
import { EDITOR_MIN_HEIGHT, TOOLBAR_HEIGHT, type RichTextEditorProps } from './words';

export type { RichTextEditorProps, RichTextEditorWords } from './words';

const EditorArea = lazy(() => import('./editor'));

/** The editor's outline while its code loads: the toolbar's and the editable area's heights. */
function EditorSkeleton() {
  return (
    <div className="rounded-xl border border-slate-300 bg-white" data-testid="rich-text-editor-loading">
      <div className={cn('border-b border-slate-200 px-1.5 py-1', TOOLBAR_HEIGHT)}>
        <Skeleton className="h-8 w-48" />
      </div>
      <div className={cn('px-3.5 py-2.5', EDITOR_MIN_HEIGHT)}>
        <Skeleton className="h-4 w-3/4" />
      </div>
    </div>
  );
}

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorSkeleton />}>
      <EditorArea {...props} />
    </Suspense>
  );
}
