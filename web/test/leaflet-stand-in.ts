// A stand-in for the few Leaflet calls the venue map makes, for jsdom, which cannot draw maps. A test file mocks Leaflet
// with it: vi.mock('leaflet', () => import('<path>/test/leaflet-stand-in')); `leafletStandIn` records the maps drawn and
// holds the tile layer's 'tileerror' handler, which `failTile` calls.
import { act } from '@testing-library/react';

interface MapOptions {
  center: [number, number];
  keyboard: boolean;
}

export const leafletStandIn = {
  maps: [] as Array<{ element: HTMLElement; options: MapOptions }>,
  tiles: [] as Array<{ url: string; attribution: string; referrerPolicy?: string }>,
  tileError: null as null | (() => void),
  removed: 0,
  reset() {
    this.maps = [];
    this.tiles = [];
    this.tileError = null;
    this.removed = 0;
  },
};

/** A tile fails to load, as it does offline. */
export function failTile() {
  const handler = leafletStandIn.tileError;
  if (!handler) throw new Error('no tile layer is listening for tileerror');
  act(() => handler());
}

const layer = <T extends object>(own: T) => Object.assign(own, { addTo: () => own });

export function map(element: HTMLElement, options: MapOptions) {
  leafletStandIn.maps.push({ element, options });
  return {
    remove() {
      leafletStandIn.removed++;
    },
  };
}

export function tileLayer(url: string, options: { attribution: string; referrerPolicy?: string }) {
  leafletStandIn.tiles.push({ url, attribution: options.attribution, referrerPolicy: options.referrerPolicy });
  const tiles = layer({
    once(event: string, handler: () => void) {
      if (event === 'tileerror') leafletStandIn.tileError = handler;
      return tiles;
    },
  });
  return tiles;
}

export function circleMarker() {
  return layer({});
}
