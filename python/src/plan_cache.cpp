// resizelab._core's Plan objects: the last plans made, by every argument they were made from (one
// LRU cache, rl/lru_cache.hpp), and their pickled state.
#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "bindings.hpp"
#include "rl/lru_cache.hpp"

namespace rlpy {

namespace {

// A cached plan and the slot of its transposed tables.
struct CachedPlan {
  std::shared_ptr<const rl::Plan> plan;
  std::shared_ptr<AdjointSlot> adjoint;
};

// The plans made last, by what they were made from: imresize() in a loop over images of one shape (a
// dataset, a training batch) makes each plan once, as a reused Plan would (making one costs as much
// as resizing a small image: 30 us to 0.2 ms for 2040x1356). Plans are immutable, so sharing one is
// safe; the plan is made with the GIL released.
class PlanCache {
 public:
  CachedPlan get(const rl::ResizeSpec& spec, const Shape2& s) {
    return entries_.get(key_of(spec, s), [&] {
      rl::PlanLimits limits;
      limits.channels = s.channels;
      py::gil_scoped_release nogil;
      return CachedPlan{std::make_shared<const rl::Plan>(rl::make_plan(spec, s.rows, s.cols, limits)),
                        std::make_shared<AdjointSlot>()};
    });
  }

 private:
  // Every field a plan depends on, doubles by their bits (a NaN side of a size is one key).
  static std::string key_of(const rl::ResizeSpec& sp, const Shape2& s) {
    std::string k;
    const auto put = [&](const auto& v) { k.append(reinterpret_cast<const char*>(&v), sizeof v); };
    const auto put_pair = [&](const std::optional<std::pair<double, double>>& v) {
      put(v.has_value());
      if (v) put(v->first), put(v->second);
    };
    put(s.rows), put(s.cols), put(s.channels);
    put_pair(sp.scale);
    put_pair(sp.out_size);
    put(sp.method), put(sp.antialiasing.has_value()), put(sp.antialiasing.value_or(false)), put(sp.boundary);
    return k;
  }
  rl::LruCache<std::string, CachedPlan> entries_{8};
};

}  // namespace

PyPlan make_py_plan(const std::vector<py::ssize_t>& input_shape, const py::object& scale,
                    const py::object& size, const py::object& method, const py::object& antialiasing,
                    const py::object& boundary) {
  static PlanCache cache;
  const Shape2 s = shape_of(input_shape);
  PyPlan p;
  p.input_shape = input_shape;
  p.spec = make_spec(scale, size, method, antialiasing, boundary);
  CachedPlan c = cache.get(p.spec, s);
  p.plan = std::move(c.plan);
  p.adjoint = std::move(c.adjoint);
  return p;
}

// Pickling: the arguments Plan(...) would be called with, read back through the same checks.
py::tuple plan_state(const PyPlan& p) {
  auto pair = [](const std::optional<std::pair<double, double>>& v) -> py::object {
    if (!v) return py::none();
    auto side = [](double d) -> py::object { return std::isnan(d) ? py::object(py::none()) : py::float_(d); };
    return py::make_tuple(side(v->first), side(v->second));
  };
  const rl::ResizeSpec& sp = p.spec;
  return py::make_tuple(py::tuple(py::cast(p.input_shape)), pair(sp.scale), pair(sp.out_size),
                        rl::to_string(sp.method), sp.antialiasing ? py::cast(*sp.antialiasing) : py::none(),
                        rl::to_string(sp.boundary));
}

PyPlan plan_from_state(const py::tuple& st) {
  if (st.size() != 6) throw std::invalid_argument("not a pickled resizelab.Plan");
  return make_py_plan(arg_shape(st[0]), st[1], st[2], st[3], st[4], st[5]);
}

const PyPlan& arg_plan(const py::object& o) {
  if (!py::isinstance<PyPlan>(o)) throw TypeMismatch("plan must be a resizelab.Plan, got " + type_name(o));
  return o.cast<const PyPlan&>();
}

}  // namespace rlpy
