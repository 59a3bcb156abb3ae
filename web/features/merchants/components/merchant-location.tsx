import { lazy, Suspense, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MapPinIcon } from '../../../components/ui/icons';
import { Panel } from '../../../components/ui/panel';
import { useT } from '../../../i18n';
import { merchantQueryOptions } from '../api/get-merchant';
import type { VenueProps } from './venue-map';

/** The map and "Open in maps", fetched with the page's first look at the location; without it the address still stands. */
const Venue = lazy<ComponentType<VenueProps>>(() => import('./venue-map').catch(() => ({ default: () => null })));

interface MerchantLocationProps {
  merchantId: string;
  /** The deal's own copy of the merchant's position, used while the merchant's card cannot be read. */
  fallback: { name: string; latitude: number | null; longitude: number | null };
  className?: string;
}

/** The deal page's "Location": the merchant's address, the map of its place (when it has a position) and "Open in maps". */
export function MerchantLocation({ merchantId, fallback, className }: MerchantLocationProps) {
  const { t } = useT('deals');
  const merchant = useQuery(merchantQueryOptions(merchantId));
  if (merchant.isPending) return null;
  const address = merchant.data?.address.trim() ?? '';
  const latitude = merchant.data ? merchant.data.latitude : fallback.latitude;
  const longitude = merchant.data ? merchant.data.longitude : fallback.longitude;
  if (address === '' && (latitude === null || longitude === null)) return null;

  return (
    <Panel titleSize="xl" title={t('location.title')} id="location-title" className={className}>
      {address ? (
        <p className="flex items-start gap-2 text-slate-800">
          <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
          {address}
        </p>
      ) : null}
      <Suspense fallback={null}>
        <Venue latitude={latitude} longitude={longitude} address={address} label={address || (merchant.data?.name ?? fallback.name)} />
      </Suspense>
    </Panel>
  );
}
