import react from '@vitejs/plugin-react';
// Type-only import: the config never loads `vite` at runtime, so it works with
// whichever Vite major runs it (7 on Rollup, 8 on Rolldown).
import type { UserConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const api = process.env.MEDALLIANCE_API ?? 'http://localhost:3000';

/**
 * Vendor chunks. Only libraries every screen needs are pinned to a chunk; the
 * rest of antd is left to per-route splitting so the login page does not pay
 * for Table, Tree or Upload. ECharts gets its own chunk, loaded only by the
 * dashboard.
 */
function manualChunks(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/](echarts|zrender)[\\/]/.test(id)) return 'echarts';
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
  return undefined;
}

/**
 * Rolldown (Vite 8) merges modules shared by several lazy pages into the entry
 * chunk by default, which put antd's Modal, Skeleton and Notification into the
 * login page's download. Keep shared code in shared chunks instead. Rollup
 * (Vite 7) never does this, and does not know the option, hence the check.
 */
const keepSharedChunksOutOfEntry = {
  name: 'medalliance:keep-shared-chunks-out-of-entry',
  options(this: { meta: { rolldownVersion?: string } }, options: Record<string, unknown>) {
    if (!this.meta.rolldownVersion) return null;
    const experimental = (options.experimental ?? {}) as Record<string, unknown>;
    return {
      ...options,
      experimental: { ...experimental, chunkOptimization: { mergeCommonChunks: false, avoidRedundantChunkLoads: true } },
    };
  },
};

const config: UserConfig = {
  plugins: [react(), keepSharedChunksOutOfEntry, precompress()],
  server: {
    port: 5173,
    proxy: {
      // REST calls and the chat/message websocket both live under /api.
      '/api': { target: api, changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: api, changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // The contract's package.json says "sideEffects": false, so the schema
      // modules (and zod) drop out of pages that only use its constants.
      output: { manualChunks },
    },
  },
};

export default config;
