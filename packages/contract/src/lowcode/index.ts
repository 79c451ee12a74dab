export * from './field-types.ts';
export * from './form-schema.ts';
export * from './list-schema.ts';
export * from './model.ts';
