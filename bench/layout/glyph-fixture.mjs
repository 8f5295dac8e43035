// A formula excerpt of a real PDF page as a glyph-math fixture (test/fixtures/glyph-math): pdf.js's text runs
// with their fonts' names, and the rules the page draws, inside a box of the page at scale 1 (PDF points, y down).
// With --drawn, also the glyphs as the operator list draws them (for fonts whose text content pdf.js cannot map
// to Unicode, which the drawn glyphs name from the font's own glyph names; the runs still give the lines).
//
//   node bench/layout/glyph-fixture.mjs FILE.pdf PAGE X0 Y0 X1 Y1 "SOURCE NOTE" [--drawn] > test/fixtures/glyph-math/NAME.json
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { register } from 'tsx/esm/api';

register();
const drawnGlyphs = process.argv.includes('--drawn');
const [file, pageArg, ...rest] = process.argv.slice(2).filter((a) => a !== '--drawn');
const [x0, y0, x1, y1] = rest.slice(0, 4).map(Number);
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const { pageRules } = await import('../../src/core/glyph-math/page-rules.ts');
const { operatorGlyphs } = await import('../../src/core/glyph-math/operator-glyphs.ts');
const fonts = createRequire(import.meta.url).resolve('pdfjs-dist/package.json').replace(/package\.json$/, 'standard_fonts/');
const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), standardFontDataUrl: fonts, fontExtraProperties: true }).promise;
const page = await doc.getPage(Number(pageArg));
const vt = page.getViewport({ scale: 1 }).transform;
const ops = await page.getOperatorList();
const { items } = await page.getTextContent();
const inBox = (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const fontName = (id) => (page.commonObjs.has(id) ? page.commonObjs.get(id).name : id);
const r3 = (v) => Math.round(v * 1000) / 1000;
const runs = items
  .filter((it) => it.str && inBox(vt[0] * it.transform[4] + vt[4], vt[3] * it.transform[5] + vt[5]))
  .map((it) => ({ str: it.str, font: fontName(it.fontName), transform: it.transform.map(r3), width: r3(it.width) }));
const rules = pageRules(ops, pdfjs.OPS, vt).filter((r) => inBox(r.x0, r.y) && inBox(r.x1, r.y)).map((r) => ({ x0: r3(r.x0), x1: r3(r.x1), y: r3(r.y) }));
const source = rest[4] ?? `${file} p${pageArg}`;
if (drawnGlyphs) {
  const fontOf = (id) => (id && page.commonObjs.has(id) ? (({ name, fontMatrix, differences }) => ({ name, fontMatrix, differences }))(page.commonObjs.get(id)) : undefined);
  const glyphs = operatorGlyphs(ops, pdfjs.OPS, fontOf, vt)
    .filter((g) => g.ch.trim() && inBox((g.x0 + g.x1) / 2, g.base))
    .map((g) => ({ ...g, x0: r3(g.x0), x1: r3(g.x1), base: r3(g.base), size: r3(g.size) }));
  console.log(JSON.stringify({ source, vt: [...vt].map(r3), runs, glyphs, rules }));
} else console.log(JSON.stringify({ source, vt: [...vt].map(r3), runs, rules }));
await doc.destroy();
