// @napi-rs/canvas 0.1 restores a context's fill and stroke on restore() but its fillStyle/strokeStyle getters keep
// answering what was set inside the saved state. pdf.js carries the canvas state across a soft-mask layer by
// reading those getters (copyCtxState), so on such pages text drawn after a white fill inside q … Q came out white
// on white: a company report's whole table was missing from the page image and, its ink gone, from the Markdown.
// Version 1.1 fixes the getters but also picks other system faces for fonts a PDF does not embed, so the CLI would
// no longer draw what the app draws. Until then restore() here sets the two styles back as they were saved, which
// the drawing state already is: nothing drawn changes except where pdf.js read a stale style.
import { createCanvas } from '@napi-rs/canvas';

const STYLES = ['fillStyle', 'strokeStyle'] as const;
type Styled = Record<(typeof STYLES)[number], unknown>;

let checked = false;

/** Makes every @napi-rs/canvas 2D context report its styles truly after restore(); a no-op where they already are. */
export function keepStylesAcrossRestore(): void {
  if (checked) return;
  checked = true;
  const probe = createCanvas(1, 1).getContext('2d');
  probe.save();
  probe.fillStyle = '#010203';
  probe.restore();
  if (probe.fillStyle !== '#010203') return;
  const proto = Object.getPrototypeOf(probe) as { save(): void; restore(): void };
  const { save, restore } = proto;
  const saved = new WeakMap<object, unknown[][]>();
  proto.save = function (this: Styled) {
    let stack = saved.get(this);
    if (!stack) saved.set(this, (stack = []));
    stack.push(STYLES.map((k) => this[k]));
    save.call(this);
  };
  proto.restore = function (this: Styled) {
    restore.call(this);
    const styles = saved.get(this)?.pop();
    if (styles) STYLES.forEach((k, i) => (this[k] = styles[i]));
  };
}
