/** Tables of the portal module (migration 0012_portal). */
export interface PortalTable {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  /** JSON PortalDefinition: {layout, widgets}. */
  formData: string;
  description: string | null;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

export interface PortalTables {
  portals: PortalTable;
}
