import { describe, expect, it } from 'vitest';
import { TextFirst } from './text-first';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('TextFirst', () => {
  it('lets a picture go at once when no text is being read', async () => {
    let drawn = false;
    await new TextFirst().settled().then(() => (drawn = true));
    expect(drawn).toBe(true);
  });

  it('holds a picture until every text read begun before it has ended', async () => {
    const gate = new TextFirst();
    const first = gate.reading();
    const second = gate.reading();
    let drawn = false;
    const picture = gate.settled().then(() => (drawn = true));
    first();
    await tick();
    expect(drawn).toBe(false);
    second();
    second(); // ending twice is harmless
    await picture;
    expect(drawn).toBe(true);
  });

  it('does not hold a picture for a text read begun after it asked', async () => {
    const gate = new TextFirst();
    const picture = gate.settled();
    const later = gate.reading();
    await expect(picture).resolves.toBeUndefined();
    later();
  });
});
