// The decoder prompt of one page: the pack's ids before the image, one `<image>` placeholder per
// visual token, then the instruction ids (e.g. "<image>\n<|grounding|>Convert the document to markdown.").

export interface PagePrompt {
  ids: number[];
  /** Index of the first placeholder: visual token i sits at position imageStart + i. */
  imageStart: number;
  imageCount: number;
}

export function pagePrompt(prompt: { before: number[]; after: number[] }, imageToken: number, imageCount: number): PagePrompt {
  if (!Number.isInteger(imageCount) || imageCount <= 0) throw new RangeError(`a page needs visual tokens, got ${imageCount}`);
  if (prompt.before.includes(imageToken) || prompt.after.includes(imageToken)) {
    throw new Error(`pack prompt must not contain the image placeholder ${imageToken} itself`);
  }
  const ids = [...prompt.before, ...new Array<number>(imageCount).fill(imageToken), ...prompt.after];
  return { ids, imageStart: prompt.before.length, imageCount };
}
