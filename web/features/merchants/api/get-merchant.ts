/** GET /api/merchants/{id}: a merchant's public card. */
import type { BusinessHours } from '../../../../contract/merchants';
import { merchantEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export function merchantQueryOptions(id: string) {
  return endpointQuery(merchantEndpoints.get, { params: { id } });
}

const PERIODS = ['morning', 'afternoon', 'evening'] as const;
export type HoursPeriod = (typeof PERIODS)[number];

/** Reads the businessHours JSON string; anything malformed reads as no hours rather than an error. */
export function parseBusinessHours(raw: string | null): Array<{ period: HoursPeriod; hours: string }> {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== 'object') return [];
  const hours = parsed as BusinessHours;
  return PERIODS.flatMap((period) => {
    const value = hours[period];
    return typeof value === 'string' && value.trim() !== '' ? [{ period, hours: value.trim() }] : [];
  });
}
