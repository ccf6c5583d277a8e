/**
 * One build for the three processes: the Electron main process (+ the `marquee` CLI, which
 * shares the server code), the sandboxed preload (CommonJS, as sandboxing requires) and the
 * renderer. Runtime server packages stay external (they are `dependencies`).
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve('electron/main.ts'),
          cli: resolve('server/cli/main.ts'),
          // A thread of its own for importing large calendar files (server/transfer/import/import-aside.ts).
          'import-worker': resolve('server/transfer/import/import-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve('electron/preload.ts') },
        output: { format: 'cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react()],
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve('renderer/index.html') } },
    },
  },
});
