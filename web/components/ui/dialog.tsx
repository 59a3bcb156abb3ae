/**
 * A small modal dialog: rendered over the page in a layer of its own, it moves focus inside, keeps Tab within it,
 * closes on Escape or a press on the backdrop, hides the page from assistive technology, stops the page scrolling,
 * and gives focus back to whatever had it before. Labelled by its <DialogTitle> and described by its
 * <DialogDescription> (every dialog renders both; a visually hidden description is fine).
 */
import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef, type ButtonHTMLAttributes, type HTMLAttributes, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface DialogContextValue {
  titleId: string;
  descriptionId: string;
  close: () => void;
}

const DialogContext = createContext<DialogContextValue | null>(null);

function useDialogContext(): DialogContextValue {
  const value = useContext(DialogContext);
  if (!value) throw new Error('Dialog parts must be used inside <Dialog>');
  return value;
}

/** Open dialogs, innermost last: only that one answers Escape and holds focus. */
const openLayers: HTMLElement[] = [];

const TABBABLE = 'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

function isHidden(element: HTMLElement, container: HTMLElement): boolean {
  if (getComputedStyle(element).visibility === 'hidden') return true;
  for (let node: HTMLElement | null = element; node && node !== container; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return true;
  }
  return false;
}

function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.tabIndex >= 0 && !isHidden(element, container));
}

/** Everything else on the page leaves the accessibility tree while the dialog is open; answers how to undo that. */
function hideOthers(layer: HTMLElement): () => void {
  const hidden: HTMLElement[] = [];
  for (const child of document.body.children) {
    if (!(child instanceof HTMLElement) || child === layer || child.getAttribute('aria-hidden') === 'true') continue;
    if (child.tagName === 'SCRIPT' || child.tagName === 'STYLE') continue;
    child.setAttribute('aria-hidden', 'true');
    hidden.push(child);
  }
  return () => {
    for (const child of hidden) child.removeAttribute('aria-hidden');
  };
}

/** Stops the page scrolling behind the dialog, keeping its width where a scroll bar disappears; answers how to undo that. */
function lockScroll(): () => void {
  const { body } = document;
  const gap = window.innerWidth - document.documentElement.clientWidth;
  const previous = { overflow: body.style.overflow, marginRight: body.style.marginRight };
  body.style.overflow = 'hidden';
  if (gap > 0) body.style.marginRight = `${gap}px`;
  return () => {
    body.style.overflow = previous.overflow;
    body.style.marginRight = previous.marginRight;
  };
}

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** alertdialog for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** The backdrop's look. */
  overlayClassName?: string;
  /** The panel's look and position. */
  className?: string;
  lang?: string;
  children: ReactNode;
}

export function Dialog({ open, onOpenChange, ...props }: DialogProps) {
  if (!open) return null;
  return <DialogLayer {...props} onClose={() => onOpenChange(false)} />;
}

function DialogLayer({ onClose, role = 'dialog', overlayClassName, className, lang, children }: Omit<DialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const layerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const layer = layerRef.current;
    const content = contentRef.current;
    if (!layer || !content) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openLayers.push(layer);
    const showOthers = hideOthers(layer);
    const unlockScroll = openLayers.length === 1 ? lockScroll() : () => undefined;
    const isTop = () => openLayers[openLayers.length - 1] === layer;
    let lastFocused: HTMLElement = tabbables(content)[0] ?? content;
    lastFocused.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const list = tabbables(content);
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === content || !content.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !content.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that lands outside (a click on the page, a script) is brought back to where it was inside.
    const onFocusIn = (event: FocusEvent) => {
      if (!isTop()) return;
      const target = event.target;
      if (target instanceof HTMLElement && content.contains(target)) lastFocused = target;
      else (content.contains(lastFocused) ? lastFocused : content).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openLayers.splice(openLayers.indexOf(layer), 1);
      showOthers();
      unlockScroll();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div ref={layerRef}>
      <div aria-hidden="true" className={overlayClassName} onPointerDown={() => onCloseRef.current()} />
      <div
        ref={contentRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        lang={lang}
        className={className}
      >
        <DialogContext.Provider value={{ titleId, descriptionId, close: () => onCloseRef.current() }}>{children}</DialogContext.Provider>
      </div>
    </div>,
    document.body,
  );
}

export function DialogTitle(props: HTMLAttributes<HTMLHeadingElement>) {
  const { titleId } = useDialogContext();
  return <h2 {...props} id={titleId} />;
}

export function DialogDescription({ as: Tag = 'p', ...props }: HTMLAttributes<HTMLElement> & { as?: 'p' | 'div' }) {
  const { descriptionId } = useDialogContext();
  return <Tag {...props} id={descriptionId} />;
}

/** A button that closes the dialog (after its own onClick, if any). */
export function DialogClose({ onClick, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const { close } = useDialogContext();
  return (
    <button
      {...props}
      type={type}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) close();
      }}
    />
  );
}

/** The close action for content that draws its own button (say, a styled <Button>). */
export function useDialogClose(): () => void {
  return useDialogContext().close;
}
