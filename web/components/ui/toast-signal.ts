/** Raised on window when a toast is shown, so <Toaster/> brings in the toast view at once instead of when the page is idle. */
export const TOAST_SHOWN_EVENT = 'dealmarket:toast';
