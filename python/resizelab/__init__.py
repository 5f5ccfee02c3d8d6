"""resizelab: MATLAB's imresize, bit for bit, on numpy arrays (and PyTorch tensors via resizelab.torch).

numpy functions act on the first two axes (H x W, or H x W x ...), as MATLAB does:

    import resizelab
    lr = resizelab.imresize(hr, 1/4)                                  # MATLAB bicubic, antialiased
    out = resizelab.imresize(img, size=(256, None), method="lanczos3", boundary="legacy")
    plan = resizelab.Plan(img.shape, 0.5)                              # tables built once
    out = plan(img)                                                    # ... reused for every image
    grad_in = resizelab.imresize_backward(grad_out, plan)              # exact adjoint (float32/64)

`resizelab.torch` (imported on first use) holds the differentiable PyTorch layer.
"""

from ._core import AxisTable, Plan, imresize, imresize_backward, supported_dtypes, cuda_built, cuda_status

__all__ = ["imresize", "imresize_backward", "Plan", "AxisTable", "supported_dtypes", "cuda_built",
           "cuda_status"]
__version__ = "0.1.0"


def __getattr__(name):
    # `resizelab.torch` without importing torch for numpy-only users.
    if name == "torch":
        import importlib
        return importlib.import_module(".torch", __name__)
    raise AttributeError(f"module 'resizelab' has no attribute {name!r}")
