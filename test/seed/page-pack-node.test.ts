// models/seed-tiny as a user runs it in Node: the pack folder loaded and hash-checked (ONNX external data
// passed to onnxruntime-node as bytes), a real image file decoded the CLI's way, the page read through
// the page pack engine. Speculative decoding (K = 1..3) must give greedy's Markdown, regions and tokens;
// the CLI (`--pack models/seed-tiny`) must print the same Markdown.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSource } from '../../cli/page-source';
import type { PageReader } from '../../src/core/reader/page-reader';
import { openNodeReader } from '../../src/node/page-ocr';
import type { PageImage, PageResult } from '../../src/protocol/page';
import { PACK_DIR } from './seed-tiny';

const ROOT = join(__dirname, '../..');
const IMAGE = join(ROOT, 'e2e/fixtures/page-image.png');

let image: PageImage;
let reader: PageReader;
const results: PageResult[] = [];

beforeAll(async () => {
  const src = await openSource(IMAGE);
  image = await src.render(1);
  await src.close();
  // One reader, K chosen per page as the app and the CLI choose it.
  reader = await openNodeReader(PACK_DIR, 1);
  for (const k of [0, 1, 2, 3]) results.push(await reader.read(image, { page: 1, k, dropHeaders: false }));
}, 240_000);
afterAll(async () => {
  await reader?.close();
});

describe('seed-tiny page pack in Node', () => {
  it('opens as a page pack and reads the page (tiles and global view) into Markdown', () => {
    expect(reader.kind).toBe('page');
    const greedy = results[0]!;
    expect(image.width).toBe(497);
    expect(greedy.stats.tokens).toBeGreaterThan(10);
    expect(greedy.markdown.length).toBeGreaterThan(0);
    expect(greedy.stats.backend).toBe('cpu');
    expect(greedy.stats.ms.encoder).toBeGreaterThan(0);
    expect(greedy.stats.tokensPerPass).toBe(1);
  });

  it('speculative K = 1..3 gives greedy Markdown and regions, in fewer decoder calls', () => {
    const greedy = results[0]!;
    for (const [i, r] of results.entries()) {
      process.stderr.write(`seed-tiny node K=${i}: ${r.stats.tokens} tokens, ${r.stats.decoderCalls} decoder calls, ${r.stats.tokensPerPass.toFixed(2)} tokens/pass, accepted ${JSON.stringify(r.stats.acceptedPerStep)}\n`);
      if (i === 0) continue;
      expect(r.markdown, `K=${i}`).toBe(greedy.markdown);
      expect(r.regions, `K=${i}`).toEqual(greedy.regions);
      expect(r.stats.tokens, `K=${i}`).toBe(greedy.stats.tokens);
      expect(r.stats.draftCalls, `K=${i}`).toBeGreaterThan(0);
      expect(r.stats.acceptedPerStep.length).toBe(i);
    }
  });

  it('the CLI with --pack models/seed-tiny prints the same Markdown', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'cli/pagemark.mjs'), '--pack', PACK_DIR, '--k', '2', '--json', IMAGE], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(r.stderr).not.toMatch(/error|could not/i);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.pages[0].markdown).toBe(results[0]!.markdown);
    expect(doc.pages[0].stats.draftCalls).toBeGreaterThan(0);
  }, 200_000);
});
