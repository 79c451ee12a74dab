/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Prefix of every API call; empty means same origin (dev proxy or the Node server). */
  readonly VITE_API_BASE?: string;
  /** Request timeout in milliseconds (spec §9: configured). */
  readonly VITE_HTTP_TIMEOUT?: string;
  /** Host of the data-visualisation screens (menu type 6, `${dataV}` in links). */
  readonly VITE_DATAV_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
