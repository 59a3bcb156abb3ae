/**
 * The Leaflet half of the venue map: loaded on demand by VenueMap (venue-map.tsx), so Leaflet and its stylesheet
 * reach only the screens that draw a map, never the first bundle.
 */
import { circleMarker, map as leafletMap, tileLayer } from 'leaflet';
import 'leaflet/dist/leaflet.css';

export const OSM_TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface VenueMapHandlers {
  /** A tile could not be loaded (offline, blocked): the map is of no use and the caller hides it. */
  onTileError: () => void;
}

/**
 * Draws the merchant's position on a street map in `element` and answers a function that takes the map down again.
 * The map is a picture, not a control: no keyboard focus (the address link beside it is the accessible path), no zoom
 * buttons, no wheel zoom that would catch the page's scrolling; the attribution is printed by the caller under it.
 */
export function mountVenueMap(element: HTMLElement, latitude: number, longitude: number, handlers: VenueMapHandlers): () => void {
  const map = leafletMap(element, {
    center: [latitude, longitude],
    zoom: 16,
    keyboard: false,
    zoomControl: false,
    attributionControl: false,
    scrollWheelZoom: false,
    boxZoom: false,
  });
  // OpenStreetMap's tile servers refuse tiles asked for without a Referer, which the site's no-referrer policy would
  // leave out: the tiles alone send the site's origin (never the page's path), as OpenStreetMap recommends.
  const tiles = tileLayer(OSM_TILES, { maxZoom: 19, attribution: OSM_ATTRIBUTION, referrerPolicy: 'strict-origin-when-cross-origin' });
  tiles.once('tileerror', () => handlers.onTileError());
  tiles.addTo(map);
  circleMarker([latitude, longitude], {
    radius: 9,
    weight: 3,
    color: '#ffffff',
    fillColor: '#047857',
    fillOpacity: 1,
    interactive: false,
  }).addTo(map);
  return () => {
    map.remove();
  };
}
