import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { pdfjsAssets } from './build/pdfjs-assets-plugin';
import { pagemarkPacks } from './build/vite-plugin-packs';

// Cross-origin isolation: onnxruntime-web needs SharedArrayBuffer for WASM threads. No other site may
// frame the app (clickjacking: a page laid over Pagemark's buttons); frame-ancestors only works as a
// header, not in the <meta> CSP below. Any static host serving the build should send the same headers.
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

// Nothing leaves the origin except the user-given ?src= document or model-pack URL (connect-src).
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "font-src 'self' data:",
  "connect-src 'self' blob: data: https: http:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

// Added to the built page only: the dev server injects inline scripts for hot reload.
function contentSecurityPolicy(): Plugin {
  return {
    name: 'pagemark-csp',
    apply: 'build',
    transformIndexHtml: (html) =>
      html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`),
  };
}

export default defineConfig({
  // Relative base: the build works from any sub-path of any static host.
  base: './',
  plugins: [
    react(),
    contentSecurityPolicy(),
    pdfjsAssets(),
    pagemarkPacks(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Pagemark',
        short_name: 'Pagemark',
        description: 'Document pages to Markdown, computed on your own device.',
        theme_color: '#1f3a5f',
        background_color: '#f7f7f4',
        display: 'standalone',
        start_url: '.',
        scope: '.',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell, onnxruntime-web and pdf.js data are precached, so the app converts offline after one
        // visit. Two exceptions: the model packs (models/), which the engine downloads, hash-checks and keeps in
        // its pack store as it starts, or the app does on a later visit that never starts it (use-offline-pack.ts), so
        // precaching them too would download and store the shipped pack's 33 MB twice; and onnxruntime-web's
        // WebGPU build (28 MB of wasm), kept on its first use, so a browser without WebGPU never downloads it
        // (workers/engine/ort-session.ts).
        globPatterns: ['**/*.{html,js,mjs,css,wasm,onnx,json,txt,png,svg,ico,woff,woff2,ttf,pfb,bcmap,icc}'],
        globIgnores: ['models/**', '**/ort-wasm-simd-threaded.jsep-*.wasm'],
        runtimeCaching: [
          {
            urlPattern: /\/ort-wasm-simd-threaded\.jsep-[^/]*\.wasm$/,
            handler: 'CacheFirst',
            options: { cacheName: 'pagemark-webgpu-runtime', expiration: { maxEntries: 2 } },
          },
        ],
        maximumFileSizeToCacheInBytes: 200 * 1024 * 1024,
        clientsClaim: true,
        skipWaiting: true,
        // Lets a tab ask a new version left waiting to take over (public/sw-take-over.js).
        importScripts: ['sw-take-over.js'],
        navigateFallback: 'index.html',
      },
    }),
  ],
  worker: { format: 'es' },
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
});
