/**
 * Renderer development in a browser (electron-vite's dev mode needs the Electron runtime):
 * `npm run serve` on 8787 in one terminal, `npm run dev:web` in another.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  plugins: [react()],
  server: { port: 5173, proxy: { '/wp-json': 'http://127.0.0.1:8787' } },
});
