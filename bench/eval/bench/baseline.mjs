// The implicit per-page baseline test (olmOCR-bench BaselineTest with its defaults): the output has
// some letters or digits, does not end in a run of > 30 repeats of a 1- to 5-character unit, and
// holds no CJK or emoji characters.
import { PY_SPACE } from './normalize.mjs';

const MAX_NGRAM = 5;
const MAX_REPEATS = 30;
const DISALLOWED = /[\u4e00-\u9fff\u3040-\u309f\u30a0-\u30ff\u{1f600}-\u{1f64f}\u{1f300}-\u{1f5ff}\u{1f680}-\u{1f6ff}\u{1f1e0}-\u{1f1ff}]/gu;
const spaces = new RegExp(`${PY_SPACE}+`, 'g');

/**
 * olmocr's RepeatDetector: for n = 1…5, how many times the last n characters (whitespace runs
 * collapsed) repeat back to back at the very end of the text. Longer repeated lines go unseen.
 */
export function trailingRepeats(content, maxNgram = MAX_NGRAM) {
  const text = Array.from(content.replace(spaces, ' '));
  return Array.from({ length: maxNgram }, (_, k) => {
    const size = k + 1;
    if (text.length < size) return 0;
    const unit = text.slice(-size).join('');
    let count = 0;
    for (let pos = text.length - size; pos >= 0 && text.slice(pos, pos + size).join('') === unit; pos -= size) count++;
    return count;
  });
}

export function baselineTest(markdown) {
  // Python's str.isalnum: letters and numbers of any script.
  const alnum = (markdown.match(/[\p{L}\p{N}]/gu) ?? []).length;
  if (!alnum) return { passed: false, explanation: 'the output contains no letters or digits' };
  const repeats = trailingRepeats(markdown);
  const worst = repeats.findIndex((n) => n > MAX_REPEATS);
  if (worst >= 0) return { passed: false, explanation: `the output ends with ${repeats[worst]} repeats of the ${worst + 1}-character unit ${JSON.stringify(Array.from(markdown.replace(spaces, ' ')).slice(-(worst + 1)).join(''))}` };
  const bad = markdown.match(DISALLOWED);
  if (bad) return { passed: false, explanation: `the output contains disallowed characters ${JSON.stringify(bad.slice(0, 10).join(''))}` };
  return { passed: true, explanation: `${alnum} letters or digits; longest trailing repeat ${Math.max(...repeats)}` };
}
