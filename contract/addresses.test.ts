import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADDRESSES_FILE, addressesSource, endpointGroups } from '../scripts/contract-addresses';

describe('contract/addresses.ts', () => {
  it('holds the method and path of every declared endpoint (npm run contract:addresses writes it)', async () => {
    expect(readFileSync(ADDRESSES_FILE, 'utf8')).toBe(addressesSource(await endpointGroups()));
  });

  it('takes no value from a module with zod schemas', () => {
    expect(readFileSync(ADDRESSES_FILE, 'utf8')).not.toMatch(/^import (?!type )/m);
  });
});
