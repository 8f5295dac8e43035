import { describe, expect, it } from 'vitest';
import type { Block } from '../layout/types';
import { parseLexicon } from '../text/lexicon';
import { markLineEquations, mendWords } from './mend-words';

const lex = parseLexicon(['the', 'was', 'and', 'end', 'of', 'immigration', 'seems', 'been', 'lion', 'where'].map((w) => `${w}\t10`).join('\n'));
const block = (type: Block['type'], lines: number[]): Block => ({ type, bbox: [0, 0, 1, 1], lines });

describe('mendWords', () => {
  it('mends recognized lines in reading order, keeping the half of a word the line before broke', () => {
    // Lines 0–2 are a paragraph read in the order 2, 0, 1; line 3 a formula read as text.
    const texts = ['the immigra-', 'tion was the cnd', 'it scems the the', 'x = cnd'];
    const changed = mendWords([block('paragraph', [2, 0, 1]), block('formula', [3])], texts, lex);
    expect(texts).toEqual(['the immigra-', 'tion was the end', 'it seems the', 'x = cnd']);
    expect(changed).toBe(2);
  });

  it('leaves a page the list mostly does not know as read (another language)', () => {
    const texts = ['la lettre que vous avez écrite', 'est arrivée hier soir à Paris', 'the cnd'];
    expect(mendWords([block('paragraph', [0, 1, 2])], texts, lex)).toBe(0);
    expect(texts[2]).toBe('the cnd');
  });
});

describe('markLineEquations', () => {
  it('writes simple equations of recognized lines as inline math, leaving formula blocks to the formula recognizer', () => {
    const texts = ['Put CD = h, AB = 2c, and', 'x = cnd', 'ad = bc'];
    markLineEquations([block('paragraph', [0]), block('formula', [1]), block('heading', [2])], texts, lex);
    expect(texts).toEqual(['Put $CD = h$, $AB = 2c$, and', 'x = cnd', '$ad = bc$']);
  });
});
