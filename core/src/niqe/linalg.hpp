// The small dense linear algebra NIQE's distance needs: MATLAB's pinv of a symmetric matrix.
#pragma once

#include <vector>

namespace rl::niqe_detail {

// Eigenvalues and eigenvectors of the symmetric n x n matrix a (row-major) by cyclic Jacobi
// rotations: values[k], and vectors[i * n + k] the k-th unit eigenvector.
void eigen_symmetric(const std::vector<double>& a, int n, std::vector<double>& values,
                     std::vector<double>& vectors);

// pinv.m for a symmetric matrix: its singular values are |lambda|, tol = max(size(A)) * eps(max
// |lambda|), and X = sum over |lambda| > tol of q q' / lambda.
std::vector<double> pinv_symmetric(const std::vector<double>& a, int n);

}  // namespace rl::niqe_detail
