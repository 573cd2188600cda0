"""tests/differential/operands.py: the operands of more_cases.py, extra_cases.py and stats_cases.py (arrays,
transposed and strided views, expressions over views), drawn at random and written as operands.hpp reads them."""
import numpy as np


def rand_shape(rng, ranks=(0, 1, 1, 2, 2, 2, 3, 3), exts=(0, 1, 1, 2, 2, 3, 3, 4, 5)):
    return [rng.choice(exts) for _ in range(rng.choice(ranks))]


def size(shape):
    return int(np.prod(shape)) if shape else 1


class Op:
    """An operand x of dtype t (NumPy's type np_type) and the given shape: kind 'a' the array itself,
    't' a transposed view (base.transpose(q), with a reversed axis now and then), 'r' a view with steps
    (base[::s]), 'e' an expression over a view with steps, some of them 1 (x - 0). base is C-contiguous,
    its values values(n); fmt(v, t) writes one; view_of(b) is x's view of any array b of base's shape
    (to replay an assignment on a copy)."""

    def __init__(self, rng, t, np_type, shape, kinds, values, fmt):
        self.t = t
        self.fmt = fmt
        shape = list(shape)
        rank = len(shape)
        kind = rng.choice(kinds)
        if kind == 't' and rank < 2:
            kind = 'r'
        if kind in 'rte' and rank == 0:
            kind = 'a'
        self.kind = kind
        if kind == 'a':
            base_shape, fn = shape, (lambda b: b)
        elif kind == 't':
            q = list(range(rank))
            while q == sorted(q):
                rng.shuffle(q)
            base_shape = [0] * rank
            for i in range(rank):
                base_shape[q[i]] = shape[i]
            flip = rng.randrange(rank) if rng.random() < 0.3 else None
            sl = tuple(slice(None, None, -1 if k == flip else 1) for k in range(rank))
            fn = (lambda b, q=tuple(q), sl=sl: b.transpose(q)[sl])
        else:
            steps = [rng.choice([1, 1, -1, 2, -2]) for _ in range(rank)]
            if all(s == 1 for s in steps) and kind == 'r':
                steps[rng.randrange(rank)] = rng.choice([-1, 2, -2])
            base_shape = [e if abs(s) == 1 or e == 0 else 2 * e - rng.randint(0, 1) for e, s in zip(shape, steps)]
            sl = tuple(slice(None, None, s) for s in steps)
            fn = (lambda b, sl=sl: b[sl])
        self.base = np.array(values(size(base_shape)), dtype=np_type).reshape(base_shape)
        self.view_of = fn
        self.x = fn(self.base)
        assert list(self.x.shape) == shape, (self.x.shape, shape)

    def tokens(self):
        """dtype kind count values rank extents strides offset (an array: its own layout, zeros)."""
        x, b = self.x, self.base
        vals = [self.fmt(v, self.t) for v in b.reshape(-1).tolist()]
        if self.kind == 'a':
            return [self.t, 'a', str(b.size)] + vals + [str(x.ndim)] + [str(d) for d in x.shape] + ['0'] * x.ndim + ['0']
        item = b.itemsize
        if x.size == 0:
            strides, offset = [0] * x.ndim, 0
        else:
            strides = [s // item for s in x.strides]
            offset = (x.__array_interface__['data'][0] - b.__array_interface__['data'][0]) // item
        return [self.t, 'e' if self.kind == 'e' else 'v', str(b.size)] + vals + \
            [str(x.ndim)] + [str(d) for d in x.shape] + [str(s) for s in strides] + [str(offset)]
