/** Raised on window when a toast is shown, so <Toaster/> brings in the toast view. */
export const TOAST_SHOWN_EVENT = 'dealmarket:toast';
