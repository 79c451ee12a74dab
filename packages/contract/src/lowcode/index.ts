export * from './field-types.ts';
export * from './form-schema.ts';
export * from './list-schema.ts';
export * from './model.ts';
export * from './expression.ts';
export * from './amount.ts';
export * from './validate-record.ts';
export * from './import-legacy.ts';
