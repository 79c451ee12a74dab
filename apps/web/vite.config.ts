import react from '@vitejs/plugin-react';
// Type-only import: the config must not load `vite` itself at runtime, so it
// works with whichever Vite binary runs it (see the note in the issue report).
import type { UserConfig } from 'vite';

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

const config: UserConfig = {
  plugins: [react()],
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
    rollupOptions: { output: { manualChunks } },
  },
};

export default config;
