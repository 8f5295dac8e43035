"""A torch module that runs a prefix of an ONNX graph (the line encoder's backbone) with its float initializers as
parameters, so a pruned encoder can be fine-tuned and its weights written back into the same graph (distil_encoder.py).
Ops: those of the folded PP-OCRv4 backbone (Conv, HardSigmoid, Mul, Add, Relu, pooling, batch norm); others raise."""
import numpy as np
import onnx
import torch
import torch.nn.functional as F
from onnx import numpy_helper, helper


def attrs(n):
    return {a.name: helper.get_attribute_value(a) for a in n.attribute}


class OnnxPrefix(torch.nn.Module):
    def __init__(self, path, output, trainable=True):
        super().__init__()
        self.model = onnx.load(path)
        g = self.model.graph
        self.output = output
        self.params = torch.nn.ParameterDict()
        self.names = {}
        consts = {}
        for n in g.node:
            if n.op_type == 'Constant':
                consts[n.output[0]] = numpy_helper.to_array(n.attribute[0].t)
        arrays = {t.name: numpy_helper.to_array(t) for t in g.initializer}
        arrays.update(consts)
        # The nodes the output needs, in graph order.
        need, producer = {output}, {o: n for n in g.node for o in n.output}
        stack = [output]
        while stack:
            t = stack.pop()
            n = producer.get(t)
            if n is None:
                continue
            for i in n.input:
                if i and i not in need:
                    need.add(i)
                    stack.append(i)
        self.nodes = [n for n in g.node if any(o in need for o in n.output) and n.op_type != 'Constant']
        self.attrs = [attrs(n) for n in self.nodes]
        # Batch-norm statistics stay as they are (a variance trained below zero would give NaN).
        frozen = {t for n in self.nodes if n.op_type == 'BatchNormalization' for t in n.input[3:5]}
        for name, a in arrays.items():
            if name in need and a.dtype == np.float32:
                key = f'p{len(self.names)}'
                self.names[name] = key
                self.params[key] = torch.nn.Parameter(torch.from_numpy(a.copy()), requires_grad=trainable and name not in frozen)

    def forward(self, x):
        env = {self.model.graph.input[0].name: x}
        val = lambda t: env[t] if t in env else self.params[self.names[t]]
        for n, a in zip(self.nodes, self.attrs):
            i = [val(t) if t else None for t in n.input]
            op = n.op_type
            if op == 'Conv':
                pads = a.get('pads', [0, 0, 0, 0])
                y = F.conv2d(i[0], i[1], i[2] if len(i) > 2 else None, stride=a.get('strides', [1, 1]),
                             padding=(pads[0], pads[1]), dilation=a.get('dilations', [1, 1]), groups=a.get('group', 1))
                assert pads[0] == pads[2] and pads[1] == pads[3], n.name
            elif op == 'HardSigmoid':
                y = torch.clamp(i[0] * a.get('alpha', 0.2) + a.get('beta', 0.5), 0, 1)
            elif op == 'Mul':
                y = i[0] * i[1]
            elif op == 'Add':
                y = i[0] + i[1]
            elif op == 'Relu':
                y = F.relu(i[0])
            elif op == 'GlobalAveragePool':
                y = i[0].mean((2, 3), keepdim=True)
            elif op == 'AveragePool':
                assert a.get('pads', [0, 0, 0, 0]) == [0, 0, 0, 0]
                y = F.avg_pool2d(i[0], a['kernel_shape'], a['strides'])
            elif op == 'BatchNormalization':
                sh = (1, -1, 1, 1)
                y = (i[0] - i[3].view(sh)) / torch.sqrt(i[4].view(sh) + a.get('epsilon', 1e-5)) * i[1].view(sh) + i[2].view(sh)
            else:
                raise NotImplementedError(f'{op} ({n.name})')
            env[n.output[0]] = y
        return env[self.output]

    def save(self, dst):
        """The graph with the module's current weights."""
        m = onnx.ModelProto()
        m.CopyFrom(self.model)
        for t in m.graph.initializer:
            if t.name in self.names:
                t.CopyFrom(numpy_helper.from_array(self.params[self.names[t.name]].detach().cpu().numpy().astype(np.float32), t.name))
        for n in m.graph.node:
            if n.op_type == 'Constant' and n.output[0] in self.names:
                n.attribute[0].t.CopyFrom(numpy_helper.from_array(self.params[self.names[n.output[0]]].detach().cpu().numpy().astype(np.float32), n.output[0]))
        onnx.save(m, dst)
