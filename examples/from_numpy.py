# examples/from_numpy.py: the NumPy side of docs/from_numpy_xtensor_eigen.md; examples/from_numpy.cpp is the loom side.
# The test example_from_numpy runs both and requires the same numbers, in the same order.
import numpy as np

# snippet: create
a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
z = np.zeros((2, 3))
n = np.arange(6)
t = np.linspace(0.0, 1.0, 5)
print(a.shape, z, n, t)
# end snippet

# snippet: elementwise
e = a * 2 + np.sqrt(a)
print(e)
print(np.where(a > 2, a, -a), np.clip(a, 2, 5), np.maximum(a, 3.5))
print((a / 4).astype(np.int32))
# end snippet

# snippet: broadcast
v = np.array([10.0, 20.0])
print(a + v[:, np.newaxis])              # v as a column
print(v[:, np.newaxis] * a[0])           # outer product, (2, 1) * (3,)
print(np.broadcast_to(a[0], (2, 3)))
# end snippet

# snippet: views
print(a[1:, ::-1], a[:, 1], a.T)
print(np.arange(6).reshape(2, -1))
a[:, 1] = 0                              # writes through the view
a += 1                                   # in place
print(a)
# end snippet

# snippet: reductions
x = np.array([[1.0, 2.0, 4.0], [3.0, 0.5, 0.5]])
print(x.mean(0), x.sum(1, keepdims=True), x.argmax(1))
sm = np.exp(x - x.max(1, keepdims=True))  # softmax of each row
sm /= sm.sum(1, keepdims=True)
print(sm)
print((x - x.mean(0, keepdims=True)) / x.std(0, keepdims=True))
# end snippet

# snippet: checks
print(np.array_equal(a, a), np.allclose(a, a + 1e-9))
# end snippet
