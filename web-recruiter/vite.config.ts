import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { BOOT, muiPathImports, recruiterChunks } from './vite-chunks.ts';

const api = 'http://127.0.0.1:3000';
const chunks = recruiterChunks();

/**
 * The boot script (src/app/boot.ts) as an entry of its own whose tag comes before the app's, not as
 * an import of the app's entry: an import would wait for the whole app to load before it runs.
 */
function bootScript(): Plugin {
  return {
    name: 'healthtal-boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, server }) {
        const chunk = bundle
          ? Object.values(bundle).find(
              (file) => file.type === 'chunk' && file.isEntry && file.name === 'boot',
            )
          : null;
        if (!server && !chunk) throw new Error(`${BOOT} was not built as an entry`);
        const src = chunk ? `/${chunk.fileName}` : `/${BOOT}`;
        return [
          { tag: 'script', attrs: { type: 'module', crossorigin: true, src }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [muiPathImports(), react(), bootScript(), chunks.plugin],
  server: {
    proxy: {
      '/api': api,
      '/healthz': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry chunk holds the whole app shell on purpose (vite-chunks.ts): ~760 KB before compression.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      input: { index: 'index.html', boot: BOOT },
      output: {
        codeSplitting: { groups: chunks.groups },
      },
    },
  },
});
