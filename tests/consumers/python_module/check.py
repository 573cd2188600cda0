"""Calls the consumer module with NumPy arrays: prints 'ok' when every result is right."""
import numpy as np

import kernels

x = np.arange(6.0)
kernels.scale(x[::-2], 10.0)  # a reversed, strided view, written in place
assert np.array_equal(x, [0, 10, 2, 30, 4, 50]), x
h = kernels.magnitude(np.array([3.0, 5.0]), np.array([[4.0], [12.0]]))  # broadcasting
assert np.array_equal(h, [[5, np.hypot(5, 4)], [np.hypot(3, 12), 13]]), h
try:
    kernels.scale(np.arange(3), 2.0)
    raise SystemExit("no TypeError for int64")
except TypeError as e:
    assert "float64" in str(e) and "int64" in str(e), e
print("ok")
