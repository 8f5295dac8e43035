// A page a test draws for itself: white paper, near-black ink (fill and stroke), as the PageImage the engine reads,
// and the seeded numbers its strokes wander by.
import { createCanvas } from '@napi-rs/canvas';
import type { PageImage } from '../../src/protocol/page';

type DrawContext = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

export function drawnPage(width: number, height: number, draw: (ctx: DrawContext) => void): PageImage {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111';
  ctx.strokeStyle = '#111';
  draw(ctx);
  const data = ctx.getImageData(0, 0, width, height).data;
  return { width, height, pixels: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), dpi: 0 };
}

/** Numbers in [0, 1) from `seed`, the same on every run (a linear congruential generator). */
export function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}
