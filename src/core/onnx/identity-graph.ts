// The smallest ONNX graph a runtime will load: y = Identity(x), x a float32 [1]. The engine worker opens it
// while the pack is still being fetched and hash-checked, so onnxruntime-web's start (its WebAssembly set up
// and run for the first time: 1.5–3.5 s in Chromium on 2 cores, where the pack's own sessions then take
// tenths of a second each) happens beside the pack's load instead of after it.
//
//   identityGraph() → ModelProto bytes (IR 8, opset 17)

/** Protobuf wire types: 0 = varint, 2 = length-delimited. */
const field = (n: number, wire: 0 | 2) => varint((n << 3) | wire);

function varint(v: number): number[] {
  const out: number[] = [];
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
  return out;
}

const int = (n: number, v: number) => [...field(n, 0), ...varint(v)];
const bytes = (n: number, body: number[]) => [...field(n, 2), ...varint(body.length), ...body];
const text = (n: number, s: string) => bytes(n, [...new TextEncoder().encode(s)]);

/** ValueInfoProto {name, type: TypeProto {tensor_type: {elem_type: FLOAT, shape: [1]}}}. */
const floatOfOne = (name: string) => [...text(1, name), ...bytes(2, bytes(1, [...int(1, 1), ...bytes(2, bytes(1, int(1, 1)))]))];

export function identityGraph(): Uint8Array {
  const node = [...text(1, 'x'), ...text(2, 'y'), ...text(4, 'Identity')];
  const graph = [...bytes(1, node), ...text(2, 'start'), ...bytes(11, floatOfOne('x')), ...bytes(12, floatOfOne('y'))];
  return new Uint8Array([...int(1, 8), ...text(2, 'pagemark'), ...bytes(7, graph), ...bytes(8, int(2, 17))]);
}
