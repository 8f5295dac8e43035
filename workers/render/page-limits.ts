// Limits on one page's drawing, shared by the app's render worker and the CLI so a bad page fails alike in both.

/** A page that takes longer than this to draw is abandoned with a message; the others go on. */
export const PAGE_TIME_LIMIT_MS = 90_000;

/** The message for a page abandoned after `ms`. */
export const pageTimeoutMessage = (page: number, ms: number) => `Page ${page} took longer than ${Math.round(ms / 1000)} s to draw and was skipped.`;
