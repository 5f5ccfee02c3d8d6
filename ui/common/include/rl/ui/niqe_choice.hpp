// Which NIQE the comparison's statistics show: a protocol of `imresize score --metric niqe` with the
// release's pristine model or a model of the user's own, and the words its column is headed with.
#pragma once

#include <QString>
#include <memory>

#include "rl/niqe.hpp"

namespace rl::ui {

// `imresize score --metric niqe --protocol P [--model-mean M --model-cov C]`, as one value.
struct NiqeChoice {
  NiqeProtocol protocol = NiqeProtocol::Release;
  QString model_mean, model_cov;           // the model's two .npy files; empty: the pristine model
  std::shared_ptr<const NiqeModel> model;  // read from them; null for the pristine one or on an error
  QString model_error;                     // why they could not be read (one line); the NIQE is then a dash
  bool own_model() const { return !model_mean.isEmpty(); }
  // A model read again is another object: equal choices are the same numbers.
  bool operator==(const NiqeChoice&) const = default;
};

// The choice with its model read now from `mean` and `cov` (rl::read_niqe_model's checks): both empty
// for the pristine model; model_error holds read_niqe_model's line when they cannot be read.
NiqeChoice niqe_choice(NiqeProtocol p, const QString& mean = {}, const QString& cov = {});

// The column's header and the figure's words: "NIQE" (release protocol, pristine model, the command's
// defaults), "NIQE (pirm)", "NIQE (own model)", "NIQE (pirm, own model)".
QString niqe_name(const NiqeChoice& c);

}  // namespace rl::ui
