export * from './maternal.ts';
export * from './maternal-api.ts';
