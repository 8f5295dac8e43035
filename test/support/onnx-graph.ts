// The few parts of an ONNX file a test needs to read its structure: each node's op, inputs and outputs, and
// each initializer's name and element type. A plain protobuf walk (onnx.proto field numbers), no weights decoded.

export interface OnnxNode {
  op: string;
  name: string;
  inputs: string[];
  outputs: string[];
}

export interface OnnxGraph {
  nodes: OnnxNode[];
  /** Initializer name → TensorProto.DataType (1 float, 2 uint8, 3 int8, 6 int32, 7 int64). */
  initializers: Map<string, number>;
}

export const ONNX_UINT8 = 2;
export const ONNX_INT8 = 3;

interface Field {
  no: number;
  wire: number;
  /** Varint value (wire 0) or the bytes of a length-delimited field (wire 2). */
  value: number | Uint8Array;
}

function* fields(buf: Uint8Array): Generator<Field> {
  let at = 0;
  const varint = (): number => {
    let v = 0;
    let mul = 1;
    for (;;) {
      const b = buf[at++]!;
      v += (b & 0x7f) * mul;
      if (b < 0x80) return v;
      mul *= 128;
    }
  };
  while (at < buf.length) {
    const key = varint();
    const no = Math.floor(key / 8);
    const wire = key & 7;
    if (wire === 0) yield { no, wire, value: varint() };
    else if (wire === 2) {
      const n = varint();
      yield { no, wire, value: buf.subarray(at, at + n) };
      at += n;
    } else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else throw new Error(`ONNX file: wire type ${wire} at byte ${at} is not protobuf this reader knows`);
  }
}

const text = (v: number | Uint8Array) => new TextDecoder().decode(v as Uint8Array);

function node(buf: Uint8Array): OnnxNode {
  const n: OnnxNode = { op: '', name: '', inputs: [], outputs: [] };
  for (const f of fields(buf)) {
    if (f.no === 1) n.inputs.push(text(f.value));
    else if (f.no === 2) n.outputs.push(text(f.value));
    else if (f.no === 3) n.name = text(f.value);
    else if (f.no === 4) n.op = text(f.value);
  }
  return n;
}

function tensorType(buf: Uint8Array): [string, number] {
  let name = '';
  let type = 0;
  for (const f of fields(buf)) {
    if (f.no === 2 && f.wire === 0) type = f.value as number;
    else if (f.no === 8) name = text(f.value);
  }
  return [name, type];
}

/** ModelProto.graph (7) → GraphProto.node (1) and .initializer (5). */
export function readOnnxGraph(bytes: Uint8Array): OnnxGraph {
  const g: OnnxGraph = { nodes: [], initializers: new Map() };
  for (const m of fields(bytes)) {
    if (m.no !== 7 || m.wire !== 2) continue;
    for (const f of fields(m.value as Uint8Array)) {
      if (f.no === 1) g.nodes.push(node(f.value as Uint8Array));
      else if (f.no === 5) g.initializers.set(...tensorType(f.value as Uint8Array));
    }
  }
  return g;
}
