/**
 * Where a merchant is (docs/product/screens.md#deal-page, #printable-voucher): a small street map of its position and,
 * always, a plain "Open in maps" link. The map is drawn by Leaflet, loaded only when the map comes near the screen; when
 * Leaflet cannot be loaded or a map tile fails (offline, blocked), the map goes away and the link stays, with no empty
 * box left behind. The screens load this module on demand (merchant-location.tsx, voucher-venue.tsx), so no screen
 * shares a chunk for it and the first bundle does not grow.
 */
import { useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';

interface Position {
  latitude: number | null;
  longitude: number | null;
}

/** The merchant's place on OpenStreetMap: its position when known, else a search for its address; null with neither. */
export function mapsUrl({ latitude, longitude, address }: Position & { address: string }): string | null {
  if (latitude !== null && longitude !== null) {
    return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
  }
  const query = address.trim();
  return query === '' ? null : `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

/** "Open in maps": the accessible way to the merchant's place, beside or instead of the map. */
export function OpenInMapsLink({ latitude, longitude, address, className }: Position & { address: string; className?: string }) {
  const { t } = useT('deals');
  const href = mapsUrl({ latitude, longitude, address });
  if (href === null) return null;
  return (
    <a href={href} className={cn('text-link inline-flex min-h-11 items-center', className)}>
      {t('location.openInMaps')}
    </a>
  );
}

interface VenueMapProps extends Position {
  /** What the map shows, read out for it: the address, or the merchant's name without one. */
  label: string;
  className?: string;
}

/**
 * The map of a position, or nothing: nothing without a position, and nothing once Leaflet or a tile has failed. It is a
 * picture (role img, labelled), never a keyboard stop; it is left out of print.
 */
export function VenueMap({ latitude, longitude, label, className }: VenueMapProps) {
  const { t } = useT('deals');
  const element = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const shown = latitude !== null && longitude !== null && !failed;

  useEffect(() => {
    const container = element.current;
    if (!shown || container === null || latitude === null || longitude === null) return;
    let current = true;
    let unmount: (() => void) | null = null;
    const draw = () => {
      import('./leaflet-venue-map')
        .then(({ mountVenueMap }) => {
          if (!current) return;
          unmount = mountVenueMap(container, latitude, longitude, { onTileError: () => setFailed(true) });
        })
        .catch(() => {
          if (current) setFailed(true);
        });
    };
    // Leaflet and the tiles are fetched when the map is about to scroll into view, not with the page.
    let observer: IntersectionObserver | null = null;
    if (typeof IntersectionObserver === 'undefined') {
      draw();
    } else {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          draw();
        },
        { rootMargin: '300px' },
      );
      observer.observe(container);
    }
    return () => {
      current = false;
      observer?.disconnect();
      unmount?.();
    };
  }, [shown, latitude, longitude]);

  if (!shown) return null;
  return (
    <figure className={cn('print:hidden', className)}>
      <div
        ref={element}
        role="img"
        aria-label={t('location.map', { label })}
        className="isolate h-64 w-full overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200"
      />
      <figcaption className="mt-1 text-xs text-slate-600">
        <Trans t={t} i18nKey='location.attribution' components={{ osm: <a href="https://www.openstreetmap.org/copyright" className="text-link" /> }} />
      </figcaption>
    </figure>
  );
}

export type VenueProps = Position & { address: string; label: string };

/** The map (when there is a position to draw) and "Open in maps" under it, which is of no use on paper and not printed. */
export default function Venue({ latitude, longitude, address, label }: VenueProps) {
  return (
    <>
      <VenueMap latitude={latitude} longitude={longitude} label={label} className="mt-4" />
      <p className="mt-2 print:hidden">
        <OpenInMapsLink latitude={latitude} longitude={longitude} address={address} />
      </p>
    </>
  );
}
