// The start-up graph is a real ONNX model: onnxruntime (the Node build, same graph loader as the web one) opens
// it and passes its input through.
import { describe, expect, it } from 'vitest';
import { OrtNodeRuntime } from '../../node/ort-node-session';
import { identityGraph } from './identity-graph';

describe('identityGraph', () => {
  it('loads in onnxruntime and returns its input', async () => {
    const runtime = new OrtNodeRuntime({ threads: 1 });
    const session = await runtime.session(identityGraph(), 'start-up graph');
    expect(session.inputNames).toEqual(['x']);
    expect(session.outputNames).toEqual(['y']);
    const out = await session.run({ x: runtime.float32(new Float32Array([2.5]), [1]) });
    expect([...(await runtime.read(out.y!))]).toEqual([2.5]);
    await session.release();
  });

  it('is rejected when a byte is cut off (the loader really parses it)', async () => {
    const runtime = new OrtNodeRuntime({ threads: 1 });
    await expect(runtime.session(identityGraph().slice(0, -3), 'cut graph')).rejects.toThrow();
  });
});
