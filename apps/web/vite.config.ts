import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './src/build/precompress';

/** The API server of `npm start`; override with FINLENS_API_ORIGIN when it runs elsewhere. */
const apiOrigin = process.env.FINLENS_API_ORIGIN ?? 'http://localhost:8080';

// Anchored patterns with the trailing slash: a bare '/c' or '/payment' prefix would also proxy the SPA's
// own /clara/ and /payments/ routes.
const API_PATTERNS = [
  '^/api/',
  '^/c/',
  '^/rest-auth/',
  '^/auth/',
  '^/payment/',
  '^/notification/',
  '^/app_partner/',
];

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks each page loads (the bundle budget reads it, tools/bundle-budget).
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Vendor code changes less often than ours: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Chart and grid libraries: only the pages that draw them load these.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
            {
              name: 'ag-grid',
              test: /node_modules[\\/](ag-grid-community|ag-grid-react|ag-charts-types|ag-stack)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      API_PATTERNS.map((pattern) => [pattern, { target: apiOrigin, changeOrigin: false }]),
    ),
  },
});
