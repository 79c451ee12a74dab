export * from './definition.ts';
export * from './api.ts';
