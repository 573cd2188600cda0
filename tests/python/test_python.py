"""tests/python: the example module examples/python/loom_example.cpp called from NumPy (docs/python.md).

Run by the test script through meson (option python); each test counts in its closing line.
"""
import gc
import sys
import threading

import numpy as np
import pytest

import loom_example as ex

ALL_DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
              np.float32, np.float64, np.complex64, np.complex128]


def values(dtype, shape, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 100, size=shape)
    if dtype == np.bool_:
        return (x % 2).astype(np.bool_)
    if np.issubdtype(dtype, np.complexfloating):
        return (x + 1j * rng.integers(0, 100, size=shape)).astype(dtype)
    return x.astype(dtype)


def wave(x):
    return np.exp(-0.5 * x * x) * np.cos(3.0 * x) + 0.1 * x


# --- no copy ---

def test_view_is_the_numpy_memory():
    x = np.arange(10.0)
    assert ex.address(x) == x.ctypes.data
    assert ex.address(x[3:]) == x[3:].ctypes.data


def test_writable_view_writes_into_the_argument():
    x = np.arange(6.0)
    ex.scale(x, 2.0)
    np.testing.assert_array_equal(x, 2.0 * np.arange(6.0))


def test_returned_array_owns_loom_buffer_without_copy():
    y = ex.ramp(5)
    assert not y.flags.owndata  # the buffer is loom's, owned through y.base
    assert type(y.base).__name__ == "PyCapsule"
    assert y.flags.writeable and y.flags.c_contiguous
    np.testing.assert_array_equal(y, np.arange(5.0))
    z = y[1:]
    assert np.shares_memory(y, z)


def test_result_of_a_fused_expression():
    x = np.linspace(-3, 3, 1001)
    np.testing.assert_allclose(ex.wave(x), wave(x), rtol=1e-13, atol=1e-15)
    out = np.empty_like(x)
    ex.wave_into(out, x)
    np.testing.assert_allclose(out, wave(x), rtol=1e-13, atol=1e-15)
    y = x[::-1].reshape(7, 143)
    np.testing.assert_allclose(ex.blend(y, y[:1]), 0.5 * y * y[:1] + 2.0 * y - y[:1] / 3.0, rtol=1e-15, atol=1e-15)


# --- strides ---

@pytest.mark.parametrize("index", [np.s_[::2], np.s_[::-1], np.s_[7:1:-3], np.s_[5:5]])
def test_strided_and_reversed_1d(index):
    x = np.arange(12.0)
    expect = x.copy()
    expect[index] *= 3.0
    ex.scale(x[index], 3.0)
    np.testing.assert_array_equal(x, expect)
    assert ex.address(x[index]) == x[index].ctypes.data
    assert ex.total(x[index]) == pytest.approx(x[index].sum())


@pytest.mark.parametrize("index", [np.s_[::-1, ::2], np.s_[:, ::-1], np.s_[1:, 1::3]])
def test_strided_and_reversed_2d(index):
    x = np.arange(48.0).reshape(6, 8)
    expect = x.copy()
    expect[index] *= -1.0
    ex.scale(x[index], -1.0)
    np.testing.assert_array_equal(x, expect)
    np.testing.assert_allclose(ex.wave(x[index]), wave(x[index]), rtol=1e-13, atol=1e-15)


def test_transposed_and_fortran_order():
    x = np.asfortranarray(np.arange(12.0).reshape(3, 4))
    ex.scale(x.T, 2.0)
    np.testing.assert_array_equal(x, 2.0 * np.arange(12.0).reshape(3, 4))
    np.testing.assert_array_equal(ex.echo(x), x)
    assert ex.echo(x).flags.c_contiguous


def test_zero_size_and_rank_zero():
    assert ex.ramp(0).shape == (0,)
    e = np.empty((3, 0))
    ex.scale(e, 2.0)
    assert ex.echo(e).shape == (3, 0)
    s = np.array(4.0)
    ex.scale(s, 2.0)
    assert s == 8.0
    assert ex.echo(s).shape == ()


def test_copy_into_broadcasts_in_place():
    out = np.zeros((2, 3))
    ex.copy_into(out, np.arange(3.0))
    np.testing.assert_array_equal(out, [[0, 1, 2], [0, 1, 2]])


# --- element types ---

@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_every_dtype(dtype):
    x = values(dtype, (4, 5))
    y = ex.echo(x[:, ::-2])
    assert y.dtype == dtype
    np.testing.assert_array_equal(y, x[:, ::-2])
    assert not np.shares_memory(y, x)  # array<T> parameters are copies
    out = np.zeros((4, 3), dtype=dtype)
    ex.copy_into(out[:, ::-1], x[:, 1:4])
    np.testing.assert_array_equal(out[:, ::-1], x[:, 1:4])


def test_int64_spelled_longlong_is_accepted():
    x = np.arange(4, dtype=np.longlong)
    np.testing.assert_array_equal(ex.echo(x), x)


# --- errors ---

def test_wrong_dtype_is_a_type_error_naming_both():
    with pytest.raises(TypeError, match=r"array_ref<float64> expects a numpy.ndarray of dtype float64, got dtype int32"):
        ex.scale(np.arange(3, dtype=np.int32), 2.0)
    with pytest.raises(TypeError, match=r"got dtype >f8"):
        ex.total(np.arange(3.0).astype(">f8"))


def test_not_an_array_is_a_type_error():
    with pytest.raises(TypeError, match=r"float64, got list"):
        ex.scale([1.0, 2.0], 2.0)
    with pytest.raises(TypeError, match=r"got NoneType"):
        ex.wave(None)


def test_wrong_rank_is_a_type_error_naming_both():
    with pytest.raises(TypeError, match=r"tensor<float64, 2> expects an array of rank 2, got one of rank 1"):
        ex.inverse(np.ones(3))


def test_read_only_array_for_a_writable_view_is_a_value_error():
    x = np.arange(3.0)
    x.setflags(write=False)
    with pytest.raises(ValueError, match=r"array_ref<float64> writes into its array; this one is read-only"):
        ex.scale(x, 2.0)
    np.testing.assert_array_equal(x, [0, 1, 2])
    assert ex.total(x) == 3.0  # a read-only view takes it


def test_misaligned_strides_are_a_value_error():
    raw = np.zeros(10 * 8 + 1, dtype=np.uint8)
    x = raw[1:].view(np.float64)  # memory not aligned to 8 bytes
    with pytest.raises(ValueError, match=r"element-aligned memory"):
        ex.total(x)
    rec = np.zeros(4, dtype=[("a", np.float64), ("b", np.int32)])
    with pytest.raises(ValueError, match=r"multiples of the element size"):
        ex.total(rec["a"])


def test_loom_exceptions_become_python_ones_with_loom_message():
    out = np.zeros((2, 3))
    with pytest.raises(ValueError, match=r"cannot broadcast \(3,\) with \(4,\)"):
        ex.add(np.ones(3), np.ones(4))
    with pytest.raises(ValueError, match=r"cannot assign"):
        ex.copy_into(out, np.ones(4))
    np.testing.assert_array_equal(out, 0.0)  # a rejected assignment writes nothing
    with pytest.raises(IndexError, match=r"index 5 is out of bounds for axis 0 with size 3"):
        ex.at(np.ones(3), 5)
    with pytest.raises(np.linalg.LinAlgError, match=r"singular"):
        ex.inverse(np.zeros((2, 2)))
    with pytest.raises(ValueError, match=r"loom::linalg::inv: singular matrix"):
        ex.inverse(np.zeros((2, 2)))


def test_overloads_pick_the_matching_dtype():
    assert ex.echo(np.ones(2, dtype=np.float32)).dtype == np.float32
    assert ex.echo(np.ones(2, dtype=np.uint16)).dtype == np.uint16
    with pytest.raises(TypeError):
        ex.echo(np.ones(2, dtype=np.float16))  # no overload takes float16


# --- lifetime and leaks ---

def test_returned_array_survives_its_cpp_owner():
    y = ex.ramp(1000)
    tail = y[900:]
    del y
    gc.collect()
    np.testing.assert_array_equal(tail, np.arange(900.0, 1000.0))
    tail[:] = -1.0  # still writable memory
    assert tail.sum() == -100.0


def test_reference_counts_do_not_grow_over_10000_calls():
    x = np.arange(4.0)
    f64 = np.dtype(np.float64)
    before = (sys.getrefcount(x), sys.getrefcount(f64))
    for _ in range(10000):
        ex.scale(x, 1.0)
        ex.total(x)
        ex.echo(x)
        ex.wave(x)
        try:
            ex.scale(x.astype(np.int32), 1.0)
        except TypeError:
            pass
    gc.collect()
    assert (sys.getrefcount(x), sys.getrefcount(f64)) == before


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def test_returned_buffers_are_freed():
    # 10,000 results of 160 KB: 1.6 GB if any were kept
    for _ in range(100):
        ex.ramp(20_000)
    start = rss_bytes()
    for _ in range(10000):
        y = ex.ramp(20_000)
        del y
    gc.collect()
    assert rss_bytes() - start < 200 << 20


# --- threads ---

def test_threads_call_functions_that_release_the_gil():
    arrays = [np.linspace(-2, 2, 20_003) + k for k in range(8)]
    results = [None] * len(arrays)
    errors = []

    def work(k):
        try:
            for _ in range(5):
                r = ex.wave(arrays[k])
                out = np.empty_like(arrays[k])
                ex.wave_into(out, arrays[k])
                assert np.array_equal(r, out)
            results[k] = r
        except Exception as e:  # reported below, with the thread's index
            errors.append((k, e))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(len(arrays))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for k, x in enumerate(arrays):
        np.testing.assert_allclose(results[k], wave(x), rtol=1e-13, atol=1e-15)


def test_large_sum_across_loom_threads():
    x = np.arange(2_000_000, dtype=np.float64)[::-1]
    assert ex.total(x) == pytest.approx(x.sum(), rel=1e-15)
