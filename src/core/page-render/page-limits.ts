// Limits on one page's drawing, shared by the app's render worker and the CLI so a bad page fails alike in both.

/** A page that takes longer than this to draw is abandoned with a message; the others go on. */
export const PAGE_TIME_LIMIT_MS = 90_000;

/** The message for a page abandoned after `ms`. */
export const pageTimeoutMessage = (page: number, ms: number) => `Page ${page} took longer than ${Math.round(ms / 1000)} s to draw and was skipped.`;

/**
 * `work`, or the page's time-limit message once `ms` have passed. What `work` was doing is not stopped (pdf.js
 * text extraction cannot be cancelled), but the page stops waiting for it and the document goes on.
 */
export function withinPageLimit<T>(work: Promise<T>, page: number, ms = PAGE_TIME_LIMIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(pageTimeoutMessage(page, ms))), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
