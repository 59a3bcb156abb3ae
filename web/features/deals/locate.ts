/** The browser's position for the nearest order, asked for only when the shopper chooses it. */

export interface Position {
  lat: number;
  lng: number;
}

/** Why no position came: the shopper (or the browser's settings) refused, or the browser could not tell. */
export type LocateFailure = 'denied' | 'unavailable';

export function locate(): Promise<Position> {
  return new Promise((resolve, reject: (reason: LocateFailure) => void) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject('unavailable');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      // 1 is PERMISSION_DENIED in the Geolocation API.
      (error) => reject(error.code === 1 ? 'denied' : 'unavailable'),
      { timeout: 15_000, maximumAge: 300_000 },
    );
  });
}
