// Imported by the generated service worker (vite.config.ts, workbox.importScripts). A new version calls
// skipWaiting() as it installs, but Chromium can leave it waiting for minutes behind an old worker that was busy
// at that moment, and a page's navigation then waits for it (a Reload that never loads). A tab that sees it
// waiting asks it again (src/components/take-over.ts), which lets it take over at once.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'TAKE_OVER') self.skipWaiting();
});
