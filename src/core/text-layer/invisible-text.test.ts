import { describe, expect, it } from 'vitest';
import { invisibleTextShare, isOcrLayer, pdfTextOps, type TextOp } from './invisible-text';

const show: TextOp = { op: 'show' };
const mode = (m: number): TextOp => ({ op: 'mode', mode: m });

describe('invisibleTextShare', () => {
  it('counts the text draws made in render modes 3 and 7', () => {
    expect(invisibleTextShare([show, mode(3), show, show, mode(7), show])).toBe(0.75);
    expect(invisibleTextShare([mode(1), show, mode(2), show])).toBe(0);
    expect(invisibleTextShare([])).toBe(0);
  });

  it('restores the mode saved with the graphics state', () => {
    expect(invisibleTextShare([mode(3), { op: 'save' }, mode(0), show, { op: 'restore' }, show])).toBe(0.5);
    // An unbalanced restore falls back to the initial mode, 0 (fill).
    expect(invisibleTextShare([mode(3), { op: 'restore' }, show])).toBe(0);
  });

  it('calls a page an OCR layer when at least half its text is invisible', () => {
    expect(isOcrLayer(invisibleTextShare([mode(3), show, mode(0), show]))).toBe(true);
    expect(isOcrLayer(invisibleTextShare([mode(3), show, mode(0), show, show]))).toBe(false);
  });
});

describe('pdfTextOps', () => {
  const codes = {
    save: 10,
    restore: 11,
    setTextRenderingMode: 20,
    showText: 44,
    showSpacedText: 45,
    nextLineShowText: 46,
    nextLineSetSpacingShowText: 47,
    paintFormXObjectBegin: 74,
    paintFormXObjectEnd: 75,
  };

  it('reads the state stack, render modes and every kind of text draw, and skips the rest', () => {
    const fnArray = [20, 44, 74, 20, 45, 46, 75, 47, 91, 10, 11];
    const argsArray = [[3], [[]], [[1, 0, 0, 1, 0, 0], null], [0], [[]], [[]], null, [0, 0, []], [1], null, null];
    expect(pdfTextOps({ fnArray, argsArray }, codes)).toEqual([
      mode(3),
      show,
      { op: 'save' },
      mode(0),
      show,
      show,
      { op: 'restore' },
      show,
      { op: 'save' },
      { op: 'restore' },
    ]);
    // The form's visible text does not leak out of it: the last draw is invisible again.
    expect(invisibleTextShare(pdfTextOps({ fnArray, argsArray }, codes))).toBe(0.5);
  });
});
