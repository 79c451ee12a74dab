export * from './status.ts';
export * from './condition.ts';
export * from './definition.ts';
export * from './validate-graph.ts';
export * from './api.ts';
export * from './detail-link.ts';
