import { describe, expect, it } from 'vitest';
import { pageTimeoutMessage, withinPageLimit } from './page-limits';

describe('withinPageLimit', () => {
  it('passes a result that comes in time, and gives the page message for one that does not', async () => {
    await expect(withinPageLimit(Promise.resolve(7), 1, 1000)).resolves.toBe(7);
    const never = new Promise<number>(() => undefined);
    await expect(withinPageLimit(never, 3, 20)).rejects.toThrow('Page 3 took longer than 0 s to draw and was skipped.');
    expect(pageTimeoutMessage(2, 90_000)).toBe('Page 2 took longer than 90 s to draw and was skipped.');
  });
});
