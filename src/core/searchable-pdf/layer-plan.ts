// Which pages of an exported document get an invisible text layer, and the export's account of it.
// A page keeps its own text and gets no second layer (born-digital, or a scan another program already made
// searchable); a page that failed, or was never read, is left exactly as it was.
import type { PageOutcome, SearchablePdfReport } from '../../protocol/export-api';
import type { PageTextLines } from '../../protocol/page';

export type { PageOutcome, SearchablePdfReport };


export type LayerDecision = { layer: true; lines: PageTextLines } | { layer: false; reason: 'own-text' | 'failed' | 'unread' | 'no-text' };

export function layerDecision(p: PageOutcome): LayerDecision {
  if (p.status !== 'done') return { layer: false, reason: p.status };
  if (p.ownText) return { layer: false, reason: 'own-text' };
  if (!p.textLines?.lines.length) return { layer: false, reason: 'no-text' };
  return { layer: true, lines: p.textLines };
}

export const emptyReport = (): SearchablePdfReport => ({ pages: 0, layered: [], ownText: [], failed: [], unread: [], noText: [], words: 0, substituted: 0, dropped: 0 });

export function recordDecision(report: SearchablePdfReport, page: number, d: LayerDecision): void {
  report.pages++;
  if (d.layer) report.layered.push(page);
  else ({ 'own-text': report.ownText, failed: report.failed, unread: report.unread, 'no-text': report.noText })[d.reason].push(page);
}

/** One line for a person: what was made searchable and what was left as it was. */
export function describeReport(r: SearchablePdfReport): string {
  const list = (pages: number[]) => (pages.length > 6 ? `${pages.slice(0, 6).join(', ')}…` : pages.join(', '));
  const parts = [`${r.layered.length} of ${r.pages} page${r.pages === 1 ? '' : 's'} given a text layer`];
  if (r.ownText.length) parts.push(`${r.ownText.length} kept their own text (${list(r.ownText)})`);
  if (r.failed.length) parts.push(`${r.failed.length} failed and left as they were (${list(r.failed)})`);
  if (r.unread.length) parts.push(`${r.unread.length} not read yet, left as they were (${list(r.unread)})`);
  if (r.noText.length) parts.push(`${r.noText.length} with no text found (${list(r.noText)})`);
  if (r.substituted) parts.push(`${r.substituted} character${r.substituted === 1 ? '' : 's'} written in a compatible form`);
  if (r.dropped) parts.push(`${r.dropped} character${r.dropped === 1 ? '' : 's'} the font lacks left out`);
  return parts.join('; ') + '.';
}
