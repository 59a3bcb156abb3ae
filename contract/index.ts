export * from './constants';
export * from './common';
export * from './deals';
export * from './merchants';
export * from './auth';
export * from './routes';
export * from './admin';
export * from './checkout';
