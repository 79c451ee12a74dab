export * from './envelope.ts';
export * from './format.ts';
export * from './rules.ts';
export * from './session.ts';
export * from './messages.ts';
export * from './paging.ts';
export * from './file.ts';
export * from './permission.ts';
