// A pack folder whose files differ from pack.json by one byte is refused before any graph is opened.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PackError } from '../src/core/pack/manifest';
import { loadPackDir } from '../src/node/load-pack';
import { openNodeEngine } from '../src/node/page-ocr';

const PACK = fileURLToPath(new URL('fixtures/varied-tiny', import.meta.url));
let dir = '';
const copy = () => {
  dir = mkdtempSync(join(tmpdir(), 'pagemark-pack-'));
  cpSync(PACK, dir, { recursive: true });
  return dir;
};
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe('pack integrity (Node)', () => {
  it('loads the intact pack, resolving the detector from node_modules', async () => {
    const p = await loadPackDir(copy());
    expect(p.manifest.kind).toBe('lines');
    expect(p.files.get('ch_PP-OCRv4_det_infer.onnx')?.byteLength).toBe(p.manifest.kind === 'lines' ? p.manifest.detector.graph.bytes : -1);
  });

  it('rejects a graph with one flipped byte, naming the file', async () => {
    const d = copy();
    const f = join(d, 'decoder.onnx');
    const b = readFileSync(f);
    b[b.length >> 1] ^= 0x01;
    writeFileSync(f, b);
    const e = await loadPackDir(d).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PackError);
    expect((e as PackError).file).toBe('decoder.onnx');
    expect((e as PackError).message).toMatch(/sha256 [0-9a-f]{64} differs from pack\.json \(recognizer\.decoder\)/);
    await expect(openNodeEngine(d)).rejects.toThrow(PackError);
  });

  it('rejects a truncated tokenizer and a missing draft', async () => {
    const d = copy();
    const t = join(d, 'tokenizer.json');
    writeFileSync(t, readFileSync(t).subarray(0, 100));
    await expect(loadPackDir(d)).rejects.toThrow(/tokenizer\.json: has 100 bytes, pack\.json \(recognizer\.tokenizer\) says \d+/);
    cpSync(join(PACK, 'tokenizer.json'), t);
    rmSync(join(d, 'draft.onnx'));
    await expect(loadPackDir(d)).rejects.toThrow(/draft\.onnx: is missing/);
  });
});
