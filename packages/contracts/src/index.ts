export * from './constants';
export * from './errors';
export * from './http/business';
export * from './http/system';
export * from './http/wheels';
