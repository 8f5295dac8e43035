// Page-image pixels → PDF user space. A page image is the page's visible area (its crop box within its media
// box) as a viewer shows it, turned by /Rotate, scaled to some pixel size. Boxes are mapped as fractions of
// that image, so the render scale and /UserUnit (which scales user space as a whole) cancel out: only the
// visible area and the rotation matter.
//
//   pageSpace(view, rotate, width, height) → { point(x, y), angle }
import type { BBox } from '../../protocol/page';

export interface PageView {
  /** The visible area in user space: the crop box clipped to the media box, [x0, y0, x1, y1]. */
  box: BBox;
  /** /Rotate: clockwise degrees the page is turned for display, a multiple of 90. */
  rotate: number;
}

export interface PageSpace {
  /** A point on the page image (pixels, y down) in user space. */
  point(x: number, y: number): [number, number];
  /** User-space units per image pixel, along the image's x and y. */
  scale: [number, number];
}

/** The crop box clipped to the media box, as viewers show a page (either as [x, y, w, h] rectangles). */
export function visibleBox(media: { x: number; y: number; width: number; height: number }, crop = media): BBox {
  const x0 = Math.max(media.x, crop.x);
  const y0 = Math.max(media.y, crop.y);
  const x1 = Math.min(media.x + media.width, crop.x + crop.width);
  const y1 = Math.min(media.y + media.height, crop.y + crop.height);
  // A crop box outside the media box: viewers fall back to the media box.
  return x1 > x0 && y1 > y0 ? [x0, y0, x1, y1] : [media.x, media.y, media.x + media.width, media.y + media.height];
}

export const normalRotation = (degrees: number) => ((((Math.round(degrees / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;

export function pageSpace(view: PageView, width: number, height: number): PageSpace {
  const [x0, y0, x1, y1] = view.box;
  const [w, h] = [x1 - x0, y1 - y0];
  const r = normalRotation(view.rotate);
  // (u, v): fractions across and down the image as shown; each rotation puts a different user-space corner
  // at the image's top left and runs its axes along other edges.
  const map: (u: number, v: number) => [number, number] =
    r === 0
      ? (u, v) => [x0 + u * w, y1 - v * h]
      : r === 90
        ? (u, v) => [x0 + v * w, y0 + u * h]
        : r === 180
          ? (u, v) => [x1 - u * w, y0 + v * h]
          : (u, v) => [x1 - v * w, y1 - u * h];
  const [shownW, shownH] = r % 180 === 0 ? [w, h] : [h, w];
  return { point: (x, y) => map(x / width, y / height), scale: [shownW / width, shownH / height] };
}
