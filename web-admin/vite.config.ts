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
  build: { outDir: 'dist', emptyOutDir: true },
});
