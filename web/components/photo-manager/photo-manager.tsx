/**
 * A list of photos, the cover first (docs/product/screens.md#photos): thumbnails in order, each with "Make cover",
 * "Move left", "Move right" and "Remove"; "Add photos" opens the device's picker (on a phone it offers the camera too),
 * and on a touch screen "Take photo" opens the camera itself. Files are checked here first (kind, size, how many) and
 * then uploaded one at a time to POST /api/photos, each with its own line saying it is uploading or why it was
 * refused; the server has the last word. `allowUrls` adds "Add by URL", a picture address typed in.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { isImageUrl } from '../../../contract/urls';
import { photoEndpoints } from '../../../contract/addresses';
import { apiForm } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { messageOf } from '../../lib/message-of';
import { PHOTO_ACCEPT, PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES, photoSources, photoUploadForm } from '../../../contract/photo-files';
import type { UploadedPhoto } from '../../../contract/photos';
import { Button } from '../ui/button';
import { Input } from '../ui/field';
import { AlertIcon, SpinnerIcon, XIcon } from '../ui/icons';

/** The photo manager's words in the screen's language. `n` counts from 1. */
export interface PhotoManagerWords {
  /** The fieldset's legend. */
  legend: string;
  /** Under the legend: the kinds, the size, how many, and that the first is the cover. */
  description: string;
  /** Shown while there is none. */
  empty: string;
  /** The first photo's mark. */
  cover: string;
  /** The visible text of "Make cover" (its accessible name is `makeCover`). */
  setCover: string;
  /** A thumbnail's alt text. */
  photo: (n: number) => string;
  makeCover: (n: number) => string;
  moveLeft: (n: number) => string;
  moveRight: (n: number) => string;
  remove: (n: number) => string;
  add: string;
  takePhoto: string;
  /** What the live region says after a change. */
  madeCover: (n: number) => string;
  moved: (n: number) => string;
  removed: string;
  added: (name: string) => string;
  /** One file's line: waiting, uploading, refused. */
  uploading: (name: string) => string;
  /** The checks before uploading. */
  wrongType: (name: string) => string;
  tooBig: (name: string) => string;
  tooMany: (name: string) => string;
  /** When the server's answer has no words of its own. */
  uploadFailed: (name: string) => string;
  dismiss: (name: string) => string;
  /** Shown instead of the upload buttons when uploading is not possible yet (the superadmin has not chosen the merchant). */
  uploadUnavailable?: string;
  /** "Add by URL" (superadmins; with `allowUrls`). */
  byUrl?: { label: string; add: string; invalid: string };
}

export interface PhotoManagerProps {
  /** The photos' addresses, the cover first. */
  value: string[];
  onChange: (urls: string[]) => void;
  /** How many photos at most. */
  max: number;
  words: PhotoManagerWords;
  /** The id the fieldset's parts are named after. */
  id?: string;
  /** A superadmin uploading for a merchant: that merchant's id, sent with each file. */
  merchantId?: string;
  /** Uploads are possible (false while a superadmin has not chosen the merchant). */
  canUpload?: boolean;
  /** Offers "Add by URL". */
  allowUrls?: boolean;
  /** The form's check of the photos, shown under them. */
  error?: string | undefined;
}

/** A file picked: uploading, waiting its turn, or refused (with the reason). */
interface PendingFile {
  key: number;
  name: string;
  state: 'waiting' | 'uploading' | 'refused';
  message?: string;
}

/** The checks before uploading, the server's own rules: a JPEG, PNG or WebP of at most 10 MB. */
export function photoFileProblem(file: Pick<File, 'type' | 'size'>): 'wrongType' | 'tooBig' | null {
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > PHOTO_MAX_BYTES) return 'tooBig';
  return null;
}

/** A touch screen, where "Take photo" opens the camera. */
function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

let nextKey = 1;

export function PhotoManager({ value, onChange, max, words, id, merchantId, canUpload = true, allowUrls = false, error }: PhotoManagerProps) {
  const autoId = useId();
  const base = id ?? `photos-${autoId.replace(/:/g, '')}`;
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [touch] = useState(isTouchScreen);
  const pickRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLFieldSetElement>(null);
  // An upload finishes later: it adds to the photos as they are then, through the form's change as it is then.
  const latest = useRef(value);
  const change = useRef(onChange);
  useEffect(() => {
    latest.current = value;
    change.current = onChange;
  });

  const set = (urls: string[]) => {
    latest.current = urls;
    change.current(urls);
  };

  /** Moves the focus to a button after the list changed under it, so the keyboard stays where it was. */
  const focusSoon = (name: string) => requestAnimationFrame(() => root.current?.querySelector<HTMLElement>(`[data-photo-action="${name}"]`)?.focus());

  const move = (from: number, to: number) => {
    const urls = [...value];
    const [photo] = urls.splice(from, 1);
    urls.splice(to, 0, photo!);
    set(urls);
    return urls;
  };

  const makeCover = (at: number) => {
    move(at, 0);
    setAnnouncement(words.madeCover(at + 1));
    focusSoon('right-0');
  };

  const moveBy = (at: number, by: -1 | 1) => {
    const to = at + by;
    move(at, to);
    setAnnouncement(words.moved(to + 1));
    const direction = by < 0 ? 'left' : 'right';
    // At either end the same button no longer exists: the other direction's takes the focus.
    const endReached = (by < 0 && to === 0) || (by > 0 && to === value.length - 1);
    focusSoon(`${endReached ? (by < 0 ? 'right' : 'left') : direction}-${to}`);
  };

  const remove = (at: number) => {
    set(value.filter((_, i) => i !== at));
    setAnnouncement(words.removed);
    focusSoon(value.length > 1 ? `remove-${Math.min(at, value.length - 2)}` : 'add');
  };

  const update = (key: number, changes: Partial<PendingFile> | null) =>
    setPending((files) => (changes === null ? files.filter((f) => f.key !== key) : files.map((f) => (f.key === key ? { ...f, ...changes } : f))));

  const upload = async (files: File[]) => {
    const room = max - latest.current.length - pending.filter((f) => f.state !== 'refused').length;
    const entries = files.map((file, i): { file: File; entry: PendingFile } => {
      const problem = photoFileProblem(file);
      const message = problem ? words[problem](file.name) : i >= room ? words.tooMany(file.name) : undefined;
      return { file, entry: { key: nextKey++, name: file.name, state: message ? 'refused' : 'waiting', ...(message ? { message } : {}) } };
    });
    setPending((current) => [...current, ...entries.map((e) => e.entry)]);
    for (const { file, entry } of entries) {
      if (entry.state === 'refused') continue;
      update(entry.key, { state: 'uploading' });
      try {
        const photo: UploadedPhoto = await apiForm(photoEndpoints.upload, photoUploadForm(file, merchantId));
        update(entry.key, null);
        set([...latest.current, photo.url]);
        setAnnouncement(words.added(file.name));
      } catch (failure) {
        update(entry.key, { state: 'refused', message: messageOf(failure, words.uploadFailed(file.name)) });
      }
    }
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (files.length > 0) void upload(files);
  };

  const byUrl = allowUrls ? words.byUrl : undefined;

  const addUrl = (event?: { preventDefault: () => void }) => {
    event?.preventDefault();
    const address = url.trim();
    if (address === '' || !isImageUrl(address)) {
      setUrlError(byUrl?.invalid ?? null);
      return;
    }
    setUrlError(null);
    setUrl('');
    set([...value, address]);
    setAnnouncement(words.added(address));
  };

  const full = value.length + pending.filter((f) => f.state !== 'refused').length >= max;
  const describedBy = [`${base}-description`, error ? `${base}-error` : null].filter(Boolean).join(' ');

  return (
    <fieldset
      ref={root}
      id={base}
      className="grid gap-3 rounded-xl border border-slate-200 p-4 focus-ring"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      // A form's checks move the focus to the first refused control: here, the photos.
      tabIndex={error ? -1 : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-slate-800">{words.legend}</legend>
      <p id={`${base}-description`} className="-mt-1 text-xs text-slate-600">
        {words.description}
      </p>

      {value.length === 0 ? (
        <p className="text-sm text-slate-600">{words.empty}</p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={words.legend}>
          {value.map((photo, at) => {
            const sources = photoSources(photo);
            const n = at + 1;
            const action = (name: string) => `${name}-${at}`;
            return (
              <li key={`${photo}-${at}`} className="grid content-start gap-2 rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200">
                <div className="relative">
                  <img
                    src={sources.src}
                    srcSet={sources.srcSet ?? undefined}
                    sizes={sources.srcSet ? '(min-width: 640px) 200px, 45vw' : undefined}
                    alt={words.photo(n)}
                    width={400}
                    height={300}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] h-auto w-full rounded-md bg-slate-200 object-cover"
                  />
                  {at === 0 ? (
                    <span className="absolute top-1.5 left-1.5 rounded-full bg-slate-900/90 px-2 py-0.5 text-xs font-semibold text-white">{words.cover}</span>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-1">
                  {at > 0 ? (
                    <Button data-photo-action={action('cover')} size="sm" variant="outline" aria-label={words.makeCover(n)} onClick={() => makeCover(at)}>
                      {words.setCover}
                    </Button>
                  ) : null}
                  {at > 0 ? (
                    <Button data-photo-action={action('left')} size="sm" variant="outline" aria-label={words.moveLeft(n)} onClick={() => moveBy(at, -1)}>
                      <span aria-hidden="true">←</span>
                    </Button>
                  ) : null}
                  {at < value.length - 1 ? (
                    <Button data-photo-action={action('right')} size="sm" variant="outline" aria-label={words.moveRight(n)} onClick={() => moveBy(at, 1)}>
                      <span aria-hidden="true">→</span>
                    </Button>
                  ) : null}
                  <Button data-photo-action={action('remove')} size="sm" variant="outline" aria-label={words.remove(n)} onClick={() => remove(at)}>
                    <XIcon className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      {pending.length > 0 ? (
        <ul className="grid gap-1.5" aria-live="polite">
          {pending.map((file) => (
            <li
              key={file.key}
              className={cn(
                'flex items-start gap-2 rounded-lg px-3 py-2 text-sm',
                file.state === 'refused' ? 'bg-red-50 text-red-900 ring-1 ring-red-200' : 'bg-slate-50 text-slate-800 ring-1 ring-slate-200',
              )}
            >
              {file.state === 'refused' ? (
                <>
                  <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                  <span role="alert" className="grow break-words">
                    {file.message}
                  </span>
                  <button type="button" className="shrink-0 rounded focus-ring" aria-label={words.dismiss(file.name)} onClick={() => update(file.key, null)}>
                    <XIcon className="h-4 w-4" aria-hidden="true" />
                  </button>
                </>
              ) : (
                <>
                  <SpinnerIcon className="mt-0.5 h-4 w-4 shrink-0 animate-spin" aria-hidden="true" />
                  <span className="grow break-words">{words.uploading(file.name)}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {error ? (
        <p id={`${base}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}

      {canUpload ? (
        <div className="flex flex-wrap gap-2">
          <Button
            data-photo-action="add"
            variant="outline"
            disabled={full}
            onClick={() => pickRef.current?.click()}
          >
            {words.add}
          </Button>
          {touch ? (
            <Button variant="outline" disabled={full} onClick={() => cameraRef.current?.click()}>
              {words.takePhoto}
            </Button>
          ) : null}
          <input ref={pickRef} type="file" accept={PHOTO_ACCEPT} multiple hidden aria-label={words.add} data-testid={`${base}-files`} onChange={picked} />
          {touch ? <input ref={cameraRef} type="file" accept={PHOTO_ACCEPT} capture="environment" hidden aria-label={words.takePhoto} onChange={picked} /> : null}
        </div>
      ) : words.uploadUnavailable ? (
        <p className="text-sm text-slate-600">{words.uploadUnavailable}</p>
      ) : null}

      {byUrl ? (
        <div className="grid gap-1.5">
          <label htmlFor={`${base}-url`} className="text-sm font-semibold text-slate-800">
            {byUrl.label}
          </label>
          <div className="flex gap-2">
            <Input
              id={`${base}-url`}
              value={url}
              placeholder="https://"
              autoComplete="off"
              inputMode="url"
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${base}-url-error` : undefined}
              onChange={(event) => setUrl(event.target.value)}
              onKeyDown={(event) => {
                // Enter adds the address rather than submitting the whole form.
                if (event.key === 'Enter') addUrl(event);
              }}
            />
            <Button variant="outline" disabled={full} onClick={() => addUrl()}>
              {byUrl.add}
            </Button>
          </div>
          {urlError ? (
            <p id={`${base}-url-error`} className="text-sm font-medium text-red-700">
              {urlError}
            </p>
          ) : null}
        </div>
      ) : null}

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
