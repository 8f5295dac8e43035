// Real pages from ../shared (the eval sets and corpora), read at run time and never committed; tests that use
// them skip where the folder is not beside the repository.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { pagemark } from './run-cli';

export const sharedDir = [process.env.PAGEMARK_SHARED, resolve(import.meta.dirname, '../../../shared'), '/work/shared'].find((d) => d && existsSync(join(d, 'eval-real')));

/** A file under ../shared, by its path there. */
export const sharedFile = (path: string) => join(sharedDir ?? '', path);

/** A PDF's Markdown from its own text alone (no model), headers dropped, whitespace squashed. */
export async function ownTextMarkdown(path: string): Promise<string> {
  const r = await pagemark(sharedFile(path), '--own-text-only', '--drop-headers');
  expect(r.code).toBe(0);
  return r.stdout.replace(/\s+/g, ' ');
}
