// The shipped pack's int8 convolutions (encoder-int8.onnx, read by the CLI's onnxruntime-node and the app's WASM)
// keep their weights as uint8. onnxruntime fuses DequantizeLinear → Conv into QLinearConv; with int8 weights its
// x86 kernel on CPUs without VNNI sums byte-pair products into int16 and saturates, so the CLI read other text
// than the app on those machines (e2e/cli-vs-browser.spec.ts). With uint8 weights both compute exactly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ONNX_INT8, ONNX_UINT8, readOnnxGraph } from './support/onnx-graph';

const PACK = 'models/pocket';
const manifest = JSON.parse(readFileSync(join(PACK, 'pack.json'), 'utf8'));
const int8Graphs: string[] = [manifest.recognizer.encoderInt8?.file, manifest.detector.graphInt8?.file].filter(Boolean);

/** Element type of each Conv weight that a DequantizeLinear makes from an initializer. */
function quantizedConvWeights(file: string): Map<string, number> {
  const g = readOnnxGraph(readFileSync(join(PACK, file)));
  const dq = new Map(g.nodes.filter((n) => n.op === 'DequantizeLinear').map((n) => [n.outputs[0]!, n]));
  const out = new Map<string, number>();
  for (const conv of g.nodes.filter((n) => n.op === 'Conv')) {
    const w = dq.get(conv.inputs[1]!);
    if (w) out.set(conv.name, g.initializers.get(w.inputs[0]!) ?? -1);
  }
  return out;
}

describe('the shipped pack: int8 convolutions', () => {
  it('ships an int8 encoder', () => {
    expect(int8Graphs).toContain('encoder-int8.onnx');
  });

  it.each(int8Graphs)('%s: every quantized convolution reads uint8 weights (zero point 128), none int8', (file) => {
    const types = quantizedConvWeights(file);
    // training/quantize_encoder.py quantizes 13 convolutions of the encoder.
    expect(types.size).toBeGreaterThanOrEqual(file === 'encoder-int8.onnx' ? 13 : 1);
    const signed = [...types].filter(([, t]) => t === ONNX_INT8).map(([n]) => n);
    expect(signed).toEqual([]);
    expect(new Set(types.values())).toEqual(new Set([ONNX_UINT8]));
  });
});
