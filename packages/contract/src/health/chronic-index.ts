export * from './chronic.ts';
export * from './plans.ts';
export * from './chronic-api.ts';
