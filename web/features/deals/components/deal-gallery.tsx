/**
 * The deal page's photos (docs/product/screens.md#deal-page): the deal's picture and its gallery, one large at a time,
 * with "Previous photo" and "Next photo", the arrow keys (Home and End for the first and last), a row of thumbnails
 * ("Photo 2 of 4") and, on a phone, a swipe. Only the first photo loads at once; the others load lazily.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import type { Deal } from '../../../../contract/deals';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { photoSources } from '../../../../contract/photo-files';
import { DEAL_PAGE_IMAGE_SIZES, dealImageSrc, placeholderImage } from '../deal-images';
import { DealImage } from './deal-image';

const PHOTO_CLASSES = 'aspect-[4/3] h-auto w-full object-cover';

/** A gallery photo that falls back to the placeholder image when it cannot load. */
interface GalleryImageProps {
  src: string;
  alt: string;
  className: string;
  width: number;
  height: number;
  /** How wide it is drawn, for an uploaded photo's widths. */
  sizes: string;
}

function GalleryImage({ src, alt, className, width, height, sizes }: GalleryImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const fallback = placeholderImage('card');
  const shown = failedSrc === src ? fallback : src;
  const sources = photoSources(shown);
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet ?? undefined}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className={className}
      onError={() => {
        if (shown !== fallback) setFailedSrc(src);
      }}
    />
  );
}

const ARROW_BUTTON =
  'absolute top-1/2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-slate-900 shadow-card ring-1 ring-slate-200 transition-colors hover:bg-white focus-ring';

export function DealGallery({ deal }: { deal: Pick<Deal, 'imageUrl' | 'title' | 'galleryUrls'> }) {
  const { t } = useT('deals');
  const photos = [dealImageSrc(deal), ...deal.galleryUrls.filter((url) => url.trim() !== '')];
  const count = photos.length;
  const [selected, setSelected] = useState(0);
  const strip = useRef<HTMLDivElement>(null);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);

  /** Shows photo `index` (wrapping round at either end), optionally moving the focus to its thumbnail. */
  function show(index: number, focusThumbnail = false) {
    const next = (index + count) % count;
    setSelected(next);
    // A jump, not a smooth scroll: the scroll position is what a swipe reports back (onScroll).
    if (strip.current) strip.current.scrollLeft = next * strip.current.clientWidth;
    if (focusThumbnail) thumbs.current[next]?.focus();
  }

  /** A swipe (or any scroll) selects the photo it stopped on. */
  function onScroll() {
    const element = strip.current;
    if (!element || element.clientWidth === 0) return;
    const index = Math.round(element.scrollLeft / element.clientWidth);
    if (index !== selected && index >= 0 && index < count) setSelected(index);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const keys: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: count - 1 };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next, thumbs.current.includes(event.target as HTMLButtonElement));
  }

  return (
    <div onKeyDown={onKeyDown}>
      <div className="relative overflow-hidden rounded-2xl bg-slate-100 shadow-card ring-1 ring-slate-200/80">
        <div
          ref={strip}
          role="group"
          aria-label={t('gallery.label')}
          tabIndex={0}
          onScroll={onScroll}
          className="flex overflow-x-auto rounded-2xl [scroll-snap-type:x_mandatory] [scrollbar-width:none] focus-ring [&::-webkit-scrollbar]:hidden"
        >
          {photos.map((src, index) => (
            <div key={index} className="w-full shrink-0 snap-center snap-always" aria-hidden={index === selected ? undefined : true}>
              {index === 0 ? (
                <DealImage deal={deal} width={800} height={600} sizes={DEAL_PAGE_IMAGE_SIZES} fetchPriority="high" className={PHOTO_CLASSES} />
              ) : (
                <GalleryImage src={src} alt={t('gallery.alt', { title: deal.title, number: index + 1, count })} width={800} height={600} sizes={DEAL_PAGE_IMAGE_SIZES} className={PHOTO_CLASSES} />
              )}
            </div>
          ))}
        </div>
        <button type="button" aria-label={t('gallery.previous')} className={cn(ARROW_BUTTON, 'left-3')} onClick={() => show(selected - 1)}>
          <ChevronRightIcon className="h-5 w-5 rotate-180" />
        </button>
        <button type="button" aria-label={t('gallery.next')} className={cn(ARROW_BUTTON, 'right-3')} onClick={() => show(selected + 1)}>
          <ChevronRightIcon className="h-5 w-5" />
        </button>
        <p aria-hidden="true" className="absolute top-3 right-3 rounded-full bg-slate-900/85 px-2.5 py-1 text-xs font-semibold text-white tabular-nums">
          {selected + 1} / {count}
        </p>
      </div>
      <p className="sr-only" aria-live="polite">
        {t('gallery.photo', { number: selected + 1, count })}
      </p>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('gallery.choose')}>
        {photos.map((src, index) => (
          <li key={index}>
            <button
              type="button"
              ref={(button) => {
                thumbs.current[index] = button;
              }}
              aria-label={t('gallery.photo', { number: index + 1, count })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => show(index)}
              className={cn(
                'block overflow-hidden rounded-lg bg-slate-100 transition focus-ring',
                index === selected ? 'ring-2 ring-brand-600' : 'opacity-70 ring-1 ring-slate-200',
              )}
            >
              <GalleryImage src={src} alt="" width={80} height={56} sizes="80px" className="h-14 w-20 object-cover" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
