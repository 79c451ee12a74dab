export * from './definition.ts';
export * from './api.ts';
export * from './layout.ts';
