"""Drop-ins for the MATLAB-like resizers of other projects: their call signatures, MATLAB's bits.

    from resizelab.compat.basicsr import imresize          # for basicsr.utils.matlab_functions.imresize
    from resizelab.compat.bicubic_pytorch import imresize  # for bicubic_pytorch's core.imresize

Each takes the peer's arguments and layouts and returns its output type; where the peer computes
"almost MATLAB" (docs/PEERS.md says by how much), these give MATLAB's values. An option that cannot be
honoured exactly raises ValueError in one line naming it (docs/PYTHON.md, "Switching from ...").
"""

__all__ = []  # the drop-ins are the submodules basicsr and bicubic_pytorch
