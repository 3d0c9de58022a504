import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: {
    proxy: {
      '/api': api,
      '/healthz': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // react-admin, MUI and recharts make one ~1.6 MB (~500 kB gzipped) bundle: fine for an admin tool
    // loaded once a session, so the default 500 kB warning is raised rather than split by hand.
    chunkSizeWarningLimit: 2000,
  },
});
