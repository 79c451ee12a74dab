export * from './child.ts';
export * from './child-growth-table.ts';
