import { lazy, Suspense, type ComponentType } from 'react';
import type { VenueProps } from './venue-map';

/** Loaded on demand, as on the deal page (merchant-location.tsx); without it the voucher's printed address still stands. */
const Venue = lazy<ComponentType<VenueProps>>(() => import('./venue-map').catch(() => ({ default: () => null })));

interface VoucherVenueProps {
  merchantName: string;
  /** The merchant's address ('' when it has none), which the voucher shows and prints itself. */
  address: string;
  latitude: number | null;
  longitude: number | null;
  className?: string;
}

/** The printable voucher's map of where to use it and "Open in maps", both left out of print. */
export function VoucherVenue({ merchantName, address, latitude, longitude, className }: VoucherVenueProps) {
  if (address.trim() === '' && (latitude === null || longitude === null)) return null;
  return (
    <div className={className}>
      <Suspense fallback={null}>
        <Venue latitude={latitude} longitude={longitude} address={address} label={address.trim() || merchantName} />
      </Suspense>
    </div>
  );
}
