// Text-layer lines of a born-digital PDF page (poppler's `pdftotext -bbox-layout`), in page-image
// pixels at `scale` pixels per PDF point. Lines are split where words are far apart (more than one line
// height), as the text detector splits them, so they stand in for detector boxes with perfect text.
import { execFileSync } from 'node:child_process';

const decode = (s) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n))).replace(/&amp;/g, '&');

/** @returns {{ width: number, height: number, lines: { bbox: number[], text: string }[] }[]} pages in PDF points × scale */
export function textLayerPages(pdfPath, { first = 1, last = first, scale = 1 } = {}) {
  const xml = execFileSync('pdftotext', ['-f', String(first), '-l', String(last), '-bbox-layout', pdfPath, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const pages = [];
  for (const pm of xml.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)) {
    const lines = [];
    for (const lm of pm[3].matchAll(/<line [^>]*>([\s\S]*?)<\/line>/g)) {
      const words = [...lm[1].matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([\s\S]*?)<\/word>/g)].map((w) => ({
        box: [Number(w[1]), Number(w[2]), Number(w[3]), Number(w[4])],
        text: decode(w[5]),
      }));
      let cur;
      for (const w of words) {
        const h = w.box[3] - w.box[1];
        if (cur && w.box[0] - cur.box[2] <= 1.0 * h) {
          cur.box = [Math.min(cur.box[0], w.box[0]), Math.min(cur.box[1], w.box[1]), Math.max(cur.box[2], w.box[2]), Math.max(cur.box[3], w.box[3])];
          cur.text += ' ' + w.text;
        } else {
          if (cur) lines.push(cur);
          cur = { box: [...w.box], text: w.text };
        }
      }
      if (cur) lines.push(cur);
    }
    pages.push({
      width: Number(pm[1]) * scale,
      height: Number(pm[2]) * scale,
      lines: lines.map((l) => ({ bbox: l.box.map((v) => v * scale), text: l.text })),
    });
  }
  return pages;
}
