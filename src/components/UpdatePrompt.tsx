/// <reference types="vite-plugin-pwa/client" />
// Registers the service worker and offers a reload when a new version has taken over.
import { useEffect, useState } from 'react';
import { registerSW } from 'virtual:pwa-register';

export function UpdatePrompt() {
  const [updated, setUpdated] = useState(false);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    // The worker activates at once (skipWaiting + clientsClaim); a change of controller on a page that
    // already had one means a new version now serves this tab.
    const hadController = navigator.serviceWorker.controller !== null;
    const onChange = () => hadController && setUpdated(true);
    navigator.serviceWorker.addEventListener('controllerchange', onChange);
    registerSW({ immediate: true, onNeedRefresh: () => setUpdated(true) });
    return () => navigator.serviceWorker.removeEventListener('controllerchange', onChange);
  }, []);
  if (!updated) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version of Pagemark is ready.</span>
      <button type="button" className="button button--small button--primary" onClick={() => location.reload()}>
        Reload
      </button>
      <button type="button" className="button button--small button--quiet" onClick={() => setUpdated(false)}>
        Later
      </button>
    </div>
  );
}
