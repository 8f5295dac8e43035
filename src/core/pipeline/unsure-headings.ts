// A heading is a claim about the page's structure, and a recognized line the recognizer doubts is no ground for
// one. On handwritten letters a signature or a scrawled place name is tall, so the layout takes it for a
// heading ("## aultwple", read with confidence 0.28–0.36), while printed headings read at 0.6–0.9
// (old_scans 17_pg1, 29_pg1, 7_pg1, 22_pg1). A heading whose lines the recognizer read with a mean confidence
// under MIN_HEADING_CONFIDENCE stays a paragraph: its text is kept, the claim is not made.
import type { Block } from '../layout/types';

export const MIN_HEADING_CONFIDENCE = 0.5;

/** `blocks` with headings of doubtful lines as paragraphs (the same objects where nothing changes). */
export function demoteUnsureHeadings(blocks: readonly Block[], confidence: readonly number[]): Block[] {
  return blocks.map((b) => {
    if (b.type !== 'heading' || b.lines.length === 0) return b;
    const mean = b.lines.reduce((s, i) => s + (confidence[i] ?? 1), 0) / b.lines.length;
    if (mean >= MIN_HEADING_CONFIDENCE) return b;
    const { level: _level, ...rest } = b;
    return { ...rest, type: 'paragraph' };
  });
}
