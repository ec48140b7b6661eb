// Vite for the Sheaf app: dev server on 127.0.0.1:5173 (config.toml's site_url), preview on 4173
// (an allowed redirect URL, used by the E2E tests).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { sourcemap: true, chunkSizeWarningLimit: 800 },
});
