// Asks a new version of the service worker that is installed and waiting to take over (public/sw-take-over.js).

const TAKE_OVER = { type: 'TAKE_OVER' } as const;
const ASK_EVERY_MS = 1000;
const ASK_AT_MOST = 30;

/** Asks the waiting worker once; whether one was waiting. */
export async function askToTakeOver(): Promise<boolean> {
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  waiting?.postMessage(TAKE_OVER);
  return Boolean(waiting);
}

/**
 * Asks every second until no worker waits (a worker the browser stopped while it waited is started again by the
 * message), ASK_AT_MOST times; returns a function that stops asking.
 */
export function keepAskingToTakeOver(): () => void {
  let asks = 0;
  let stopped = false;
  const ask = async () => {
    if (stopped) return;
    const waiting = await askToTakeOver().catch(() => false);
    if (waiting && ++asks < ASK_AT_MOST && !stopped) timer = setTimeout(ask, ASK_EVERY_MS);
  };
  let timer = setTimeout(ask, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
