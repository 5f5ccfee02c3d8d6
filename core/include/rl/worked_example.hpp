// The worked example of one output pixel: every number MATLAB's two 1-D passes use to produce it
// (u, left, P, the kept taps' weights and input indices read from the Plan, the input values, the
// products, the float64 sum and the cast), for display and for checking against the resizer.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl {

// One output sample of one 1-D pass: out = cast(sum_k weight[k] * value[k]), k ascending.
struct WorkedStep {
  Axis axis = Axis::Rows;
  int out_index = 0;                // 0-based position along `axis` in this pass's output
  int fixed_index = 0;              // 0-based position along the other axis (the same in input and output)
  double u = 0.0;                   // from the plan, 1-based as MATLAB writes it
  int left = 0;                     // from the plan, 1-based, before boundary mapping
  int taps_full = 0;                // P, before zero-column removal
  std::vector<int> kept;            // which of the P tap columns survived, per kept tap
  std::vector<int> unmapped_index;  // 0-based left + column - 1 (may be outside the image)
  std::vector<int> input_index;     // 0-based, after mirror / clamp (the plan's index table)
  std::vector<double> weight;       // the plan's normalised weights
  std::vector<double> value;        // this pass's inputs at input_index (as double)
  std::vector<double> product;      // weight * value, each rounded to double
  double sum = 0.0;                 // float64, taps in ascending order
  double result = 0.0;              // sum after MATLAB's cast to the element type
};

struct WorkedExample {
  int out_row = 0, out_col = 0, channel = 0;
  ElemType type = ElemType::U8;
  std::array<Axis, 2> order{Axis::Rows, Axis::Cols};
  // The first pass, once per tap of the second pass (same order as second.input_index): each
  // computes the intermediate value that the second pass reads at that tap.
  std::vector<WorkedStep> first;
  WorkedStep second;
  // The output pixel: second.result; for a logical image (whose passes run on 0/255 as uint8, so
  // `value`s of the steps are 0/255 and their results uint8) it is second.result > 128, 0 or 1.
  double value = 0.0;

  // The source pixels that contribute (0-based, ascending, without repeats).
  std::vector<int> source_rows() const;
  std::vector<int> source_cols() const;
};

// Throws std::invalid_argument when the image does not match the plan or the pixel / channel is
// out of range.
WorkedExample make_worked_example(const Plan& plan, const Image& source, int out_row, int out_col,
                                  int channel = 0);

// A plain-text rendering (the worked example panel and the tests' failure messages use it).
std::string to_text(const WorkedExample& w, const Plan& plan);

}  // namespace rl
