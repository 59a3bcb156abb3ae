/**
 * The rich-text editor (ADR 042), on Tiptap: exactly what the server's sanitiser keeps and the deal page shows
 * (headings, paragraphs, bold, italic, bulleted and numbered lists, http(s) and mailto links). Its value in and out is
 * HTML. Loaded on demand only (./index.tsx), never in the first bundle.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Extension } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field, Input } from '../ui/field';
import { linkAddress } from './link-address';
import { EDITOR_MIN_HEIGHT, TOOLBAR_HEIGHT, type RichTextEditorProps, type RichTextEditorWords } from './words';

/** The HTML an editor holds, without empty paragraphs at its end: nothing at all when it is empty, so an untouched field stays ''. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, '');
}

/** The attributes of the editable area: a multi-line text box named by the field's label and described by its hint and error. */
function areaAttributes(props: Pick<RichTextEditorProps, 'id' | 'labelId' | 'aria-invalid' | 'aria-describedby'>): Record<string, string> {
  const attributes: Record<string, string> = {
    id: props.id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': props.labelId,
    class: cn('rich-text px-3.5 py-2.5 focus:outline-none', EDITOR_MIN_HEIGHT),
  };
  if (props['aria-describedby']) attributes['aria-describedby'] = props['aria-describedby'];
  if (props['aria-invalid']) attributes['aria-invalid'] = 'true';
  return attributes;
}

export default function RichTextEditorArea(props: RichTextEditorProps) {
  const { value, onChange, words } = props;
  const [linking, setLinking] = useState(false);
  // The latest callbacks, for the editor's handlers, which are set up once.
  const onChangeRef = useRef(onChange);
  const openLinkRef = useRef(() => setLinking(true));
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  // The HTML last written out, so a value coming back from the form is not set again (that would move the caret).
  const written = useRef(value);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto'],
          isAllowedUri: (url) => linkAddress(url) !== null,
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
        },
      }),
      Extension.create({
        name: 'linkShortcut',
        addKeyboardShortcuts: () => ({
          'Mod-k': () => {
            openLinkRef.current();
            return true;
          },
        }),
      }),
    ],
    content: value,
    editorProps: { attributes: areaAttributes(props) },
    onUpdate: ({ editor: changed }) => {
      const html = htmlOf(changed);
      written.current = html;
      onChangeRef.current(html);
    },
  });

  // The label, hint and error may change (an error appears): the editable area follows them.
  const attributes = areaAttributes(props);
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);

  // A value set from outside (a form filled afresh) replaces the content.
  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      heading: current.isActive('heading', { level: 3 }),
      subheading: current.isActive('heading', { level: 4 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      numberedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
    }),
  });

  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => command(editor.chain().focus()).run();

  return (
    <div
      className={cn(
        'rounded-xl border border-slate-300 bg-white shadow-xs transition-colors focus-within:border-brand-600 focus-within:outline-3 focus-within:outline-brand-200 hover:border-slate-400',
        props['aria-invalid'] ? 'border-red-600' : undefined,
      )}
    >
      <Toolbar label={words.toolbar} controls={props.id}>
        <ToolButton label={words.heading} pressed={active.heading} onPress={() => run((c) => c.toggleHeading({ level: 3 }))}>
          <span className="text-sm font-bold">H</span>
        </ToolButton>
        <ToolButton label={words.subheading} pressed={active.subheading} onPress={() => run((c) => c.toggleHeading({ level: 4 }))}>
          <span className="text-xs font-bold">H</span>
        </ToolButton>
        <Separator />
        <ToolButton label={words.bold} shortcut="Control+B" pressed={active.bold} onPress={() => run((c) => c.toggleBold())}>
          <span className="font-bold">B</span>
        </ToolButton>
        <ToolButton label={words.italic} shortcut="Control+I" pressed={active.italic} onPress={() => run((c) => c.toggleItalic())}>
          <span className="font-serif italic">I</span>
        </ToolButton>
        <Separator />
        <ToolButton label={words.bulletList} shortcut="Control+Shift+8" pressed={active.bulletList} onPress={() => run((c) => c.toggleBulletList())}>
          <ListGlyph numbered={false} />
        </ToolButton>
        <ToolButton label={words.numberedList} shortcut="Control+Shift+7" pressed={active.numberedList} onPress={() => run((c) => c.toggleOrderedList())}>
          <ListGlyph numbered />
        </ToolButton>
        <Separator />
        <ToolButton label={words.link} shortcut="Control+K" pressed={active.link} onPress={() => setLinking(true)}>
          <LinkGlyph />
        </ToolButton>
      </Toolbar>
      <EditorContent editor={editor} />
      <LinkDialog
        open={linking}
        current={active.href}
        words={words.linkDialog}
        onClose={() => setLinking(false)}
        onApply={(href) => {
          setLinking(false);
          run((c) => c.extendMarkRange('link').setLink({ href }));
        }}
        onRemove={() => {
          setLinking(false);
          run((c) => c.extendMarkRange('link').unsetLink());
        }}
      />
    </div>
  );
}

/** A toolbar (ARIA toolbar pattern): one tab stop, the arrow keys, Home and End move between its buttons. */
function Toolbar({ label, controls, children }: { label: string; controls: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const buttons = () => Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
  // Only the current button is in the tab order.
  useEffect(() => {
    buttons().forEach((button, i) => (button.tabIndex = i === current ? 0 : -1));
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const wrapped = (next + all.length) % all.length;
    setCurrent(wrapped);
    all[wrapped]?.focus();
  };
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const target: EventTarget = event.target;
        const at = buttons().findIndex((button) => button === target);
        if (at >= 0) setCurrent(at);
      }}
      className={cn('flex flex-wrap items-center gap-1 border-b border-slate-200 px-1.5 py-1', TOOLBAR_HEIGHT)}
    >
      {children}
    </div>
  );
}

function ToolButton({ label, shortcut, pressed, onPress, children }: { label: string; shortcut?: string; pressed: boolean; onPress: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut}
      title={label}
      // Keep the text's selection: the command acts on it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
      className={cn(
        'grid h-8 min-w-8 place-items-center rounded-lg px-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-ring',
        pressed ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200' : undefined,
      )}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-0.5 h-5 w-px bg-slate-200" />;
}

function ListGlyph({ numbered }: { numbered: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      {numbered ? (
        <>
          <text x="0" y="7" fontSize="6" fontWeight="700">1</text>
          <text x="0" y="16" fontSize="6" fontWeight="700">2</text>
        </>
      ) : (
        <>
          <circle cx="2.5" cy="5" r="1.6" />
          <circle cx="2.5" cy="14" r="1.6" />
        </>
      )}
      <rect x="7" y="4" width="12" height="2" rx="1" />
      <rect x="7" y="13" width="12" height="2" rx="1" />
    </svg>
  );
}

function LinkGlyph() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5l-1 1" />
      <path d="M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1" />
    </svg>
  );
}

interface LinkDialogProps {
  open: boolean;
  /** The address of the link at the caret, '' when there is none. */
  current: string;
  words: RichTextEditorWords['linkDialog'];
  onClose: () => void;
  onApply: (href: string) => void;
  onRemove: () => void;
}

/** The link's address, typed in a dialog: Enter applies it, Escape or Cancel leaves the text as it was. */
function LinkDialog({ open, current, words, onClose, onApply, onRemove }: LinkDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={words.title} closeLabel={words.close} size="md">
      {open ? <LinkForm current={current} words={words} onClose={onClose} onApply={onApply} onRemove={onRemove} /> : null}
    </Dialog>
  );
}

function LinkForm({ current, words, onClose, onApply, onRemove }: Omit<LinkDialogProps, 'open'>) {
  const [address, setAddress] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog may sit in another form (the deal form): its submission stops here.
    event.stopPropagation();
    const href = linkAddress(address);
    if (href === null) {
      setError(words.invalid);
      return;
    }
    onApply(href);
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <Field id="rich-text-link-address" label={words.address} hint={words.hint} error={error}>
        {(control) => (
          <Input {...control} type="url" inputMode="url" autoComplete="url" autoFocus placeholder="https://" value={address} onChange={(event) => setAddress(event.target.value)} />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {words.cancel}
        </Button>
        {current !== '' ? (
          <Button variant="outline" onClick={onRemove}>
            {words.remove}
          </Button>
        ) : null}
        <Button type="submit">{words.apply}</Button>
      </div>
    </form>
  );
}
