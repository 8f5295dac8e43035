// The thin horizontal rules a page draws (fraction bars, radical overbars), in page-image pixels, from
// pdf.js's operator list: filled flat rectangles (TeX's `re f`) and stroked level lines (Word, browsers).
//
//   pageRules(operatorList, codes, viewportTransform) → Rule[]
import type { Rule } from './formula-latex';
import { compose, type Matrix } from '../text-layer/pdf-matrix';

/** The operation codes this reads (pdf.js's `OPS`). */
export interface RuleOpCodes {
  save: number;
  restore: number;
  transform: number;
  setLineWidth: number;
  constructPath: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  stroke: number;
  closeStroke: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
}

type M = Matrix;
const mul = compose;
const apply = (m: M, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/** At most this thick (pixels per pixel of width, and in points): a bar, not a box. */
const MAX_THICK_SHARE = 0.2;
const MAX_THICK_PT = 3;

export function pageRules(list: { fnArray: readonly number[]; argsArray: readonly unknown[] }, codes: RuleOpCodes, vt: readonly number[]): Rule[] {
  const scale = Math.hypot(vt[0]!, vt[1]!);
  const stack: [M, number][] = [];
  let ctm: M = [vt[0]!, vt[1]!, vt[2]!, vt[3]!, vt[4]!, vt[5]!];
  let lineWidth = 1;
  const fills = new Set([codes.fill, codes.eoFill, codes.fillStroke, codes.eoFillStroke]);
  const strokes = new Set([codes.stroke, codes.closeStroke]);
  const out: Rule[] = [];
  list.fnArray.forEach((fn, i) => {
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === codes.save) stack.push([ctm, lineWidth]);
    else if (fn === codes.restore) [ctm, lineWidth] = stack.pop() ?? [ctm, lineWidth];
    else if (fn === codes.transform && args) ctm = mul(ctm, args as M);
    else if (fn === codes.setLineWidth && args) lineWidth = Number(args[0]) || 0;
    else if (fn === codes.paintFormXObjectBegin) {
      stack.push([ctm, lineWidth]);
      const m = args?.[0] as number[] | null | undefined;
      if (m && m.length === 6) ctm = mul(ctm, m as M);
    } else if (fn === codes.paintFormXObjectEnd) [ctm, lineWidth] = stack.pop() ?? [ctm, lineWidth];
    else if (fn === codes.constructPath && args) {
      const paint = args[0] as number;
      const mm = args[2] as ArrayLike<number> | null;
      if (!mm || mm.length < 4 || !(fills.has(paint) || strokes.has(paint))) return;
      // Only level boxes (no rotation): corners map to a box in pixels.
      if (Math.abs(ctm[1]) > 1e-6 * Math.abs(ctm[0]) || Math.abs(ctm[2]) > 1e-6 * Math.abs(ctm[3])) return;
      const [ax, ay] = apply(ctm, mm[0]!, mm[1]!);
      const [bx, by] = apply(ctm, mm[2]!, mm[3]!);
      const [x0, x1, y0, y1] = [Math.min(ax, bx), Math.max(ax, bx), Math.min(ay, by), Math.max(ay, by)];
      const w = x1 - x0;
      const thick = strokes.has(paint) ? y1 - y0 + Math.abs(lineWidth * ctm[3]) : y1 - y0;
      if (w <= 0 || thick > MAX_THICK_SHARE * w || thick > MAX_THICK_PT * scale) return;
      if (strokes.has(paint) && y1 - y0 > 0.1 * scale) return;
      out.push({ x0, x1, y: (y0 + y1) / 2 });
    }
  });
  return out;
}
