# examples/tutorial_random.py: tutorial_random.cpp in NumPy; the test compares the numbers both print.
import numpy as np

rng = np.random.default_rng(42)
print(rng.random(3))
print(rng.integers(0, 10, (2, 4)))
print(repr(rng.normal(5.0, 2.0)))
mu = np.array([0.0, 100.0])
print(rng.normal(mu, 1.0, (3, 2)))

mc = np.random.default_rng(7)
n = 1_000_000
x = mc.random(n)
y = mc.random(n)
inside = np.count_nonzero(x * x + y * y < 1.0)
print(inside, 4.0 * inside / n)

workers = np.random.SeedSequence(2026).spawn(2)  # default_rng(2026).spawn(2) in NumPy 1.25
print(np.random.default_rng(workers[0]).standard_normal(2), np.random.default_rng(workers[1]).standard_normal(2))
