/**
 * The rich-text editor of descriptions, terms and redemption instructions (ADR 042), loaded on demand: the screens
 * that edit take this small module, and the editor itself (Tiptap and ProseMirror) is a chunk of its own, fetched when
 * an editor first appears. Meanwhile a plain block of the editor's height stands in its place.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Field } from '../ui/field';
import { Skeleton } from '../ui/skeleton';
import { EDITOR_MIN_HEIGHT, TOOLBAR_HEIGHT, type RichTextEditorProps, type RichTextEditorWords } from './words';

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

/** The editor as a form's field: its label names the editable area, its hint and error describe it. */
export function RichTextField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  words,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  value: string;
  onChange: (html: string) => void;
  words: RichTextEditorWords;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <RichTextEditor
          id={control.id}
          labelId={`${control.id}-label`}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          value={value}
          onChange={onChange}
          words={words}
        />
      )}
    </Field>
  );
}
