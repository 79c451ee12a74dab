/**
 * The designer's draft column of flow_definitions (migration 0014_flow_draft),
 * added to the workflow tables' row type here so its owner's file stays as it was.
 */
export {};

declare module './workflow.ts' {
  interface FlowDefinitionTable {
    /** The unreleased graph the designer saved (JSON), or null. */
    draftGraph: string | null;
  }
}
