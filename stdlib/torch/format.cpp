// stdlib/torch/format.cpp — PyTorch's tensor printing (see format.h).

#include "stdlib/torch/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace kiln::torch {

namespace {

constexpr int kPrecision = 4;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;
constexpr int kLineWidth = 80;

// One element, read as the formatter needs it.
struct Elem {
  double d = 0;     // floating dtypes
  int64_t i = 0;    // integral dtypes
  bool b = false;   // bool
};

Elem read(const Tensor& t, int64_t off) {
  Elem e;
  dispatch_dtype(t.dtype, [&](auto z) {
    using T = decltype(z);
    T v = t.data<T>()[off];
    if constexpr (std::is_same_v<T, bool>) e.b = v;
    else if constexpr (std::is_floating_point_v<T>) e.d = double(v);
    else e.i = int64_t(v);
  });
  return e;
}

// Python's '{:.4e}' / '{:.4f}' / '{:.0f}' of a float: printf's, except for
// non-finite values, which Python spells nan / inf / -inf.
std::string py_format(double v, char kind, int prec) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, kind == 'e' ? "%.*e" : "%.*f", prec, v);
  return buf;
}

struct Formatter {
  bool floating = false;
  bool is_bool = false;
  bool int_mode = true;
  bool sci_mode = false;
  int max_width = 1;

  explicit Formatter(DType dtype, const std::vector<Elem>& vals) {
    floating = is_floating(dtype);
    is_bool = dtype == DType::Bool;
    if (!floating) {
      for (const Elem& e : vals) max_width = std::max<int>(max_width, int(text(e).size()));
      return;
    }
    std::vector<double> nz;
    for (const Elem& e : vals)
      if (std::isfinite(e.d) && e.d != 0) nz.push_back(e.d);
    if (nz.empty()) return;
    double mn = INFINITY, mx = 0;
    for (double v : nz) {
      mn = std::min(mn, std::fabs(v));
      mx = std::max(mx, std::fabs(v));
      if (v != std::ceil(v)) int_mode = false;
    }
    if (int_mode) {
      if (mx / mn > 1000. || mx > 1.e8) {
        sci_mode = true;
        for (double v : nz) max_width = std::max<int>(max_width, int(py_format(v, 'e', kPrecision).size()));
      } else {
        for (double v : nz) max_width = std::max<int>(max_width, int(py_format(v, 'f', 0).size()) + 1);
      }
    } else {
      if (mx / mn > 1000. || mx > 1.e8 || mn < 1.e-4) {
        sci_mode = true;
        for (double v : nz) max_width = std::max<int>(max_width, int(py_format(v, 'e', kPrecision).size()));
      } else {
        for (double v : nz) max_width = std::max<int>(max_width, int(py_format(v, 'f', kPrecision).size()));
      }
    }
  }

  std::string text(const Elem& e) const {
    if (is_bool) return e.b ? "True" : "False";
    if (!floating) return std::to_string(e.i);
    if (sci_mode) return py_format(e.d, 'e', kPrecision);
    if (int_mode) {
      std::string r = py_format(e.d, 'f', 0);
      if (std::isfinite(e.d)) r += '.';
      return r;
    }
    return py_format(e.d, 'f', kPrecision);
  }
  std::string format(const Elem& e) const {
    std::string r = text(e);
    if (int(r.size()) < max_width) r.insert(0, size_t(max_width) - r.size(), ' ');
    return r;
  }
};

int64_t offset_of(const Tensor& t, int d, int64_t i) { return i * t.strides[d]; }

// Collects the elements the formatter looks at (get_summarized_data).
void summarized(const Tensor& t, int d, int64_t off, bool summarize, std::vector<Elem>& out) {
  if (t.dim() == 0) {
    out.push_back(read(t, off));
    return;
  }
  int64_t n = t.sizes[d];
  auto one = [&](int64_t i) {
    if (d + 1 == t.dim()) out.push_back(read(t, off + offset_of(t, d, i)));
    else summarized(t, d + 1, off + offset_of(t, d, i), summarize, out);
  };
  if (summarize && n > 2 * kEdgeItems) {
    for (int64_t i = 0; i < kEdgeItems; ++i) one(i);
    for (int64_t i = n - kEdgeItems; i < n; ++i) one(i);
  } else {
    for (int64_t i = 0; i < n; ++i) one(i);
  }
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) s += sep;
    s += parts[i];
  }
  return s;
}

std::string body(const Tensor& t, int d, int64_t off, int indent, bool summarize, const Formatter& f) {
  int dims_left = t.dim() - d;
  if (dims_left == 0) return f.format(read(t, off));
  int64_t n = t.sizes[d];
  if (dims_left == 1) {
    int element_length = f.max_width + 2;
    int per_line = std::max(1, int(std::floor(double(kLineWidth - indent) / element_length)));
    std::vector<std::string> data;
    if (summarize && n > 2 * kEdgeItems) {
      for (int64_t i = 0; i < kEdgeItems; ++i) data.push_back(f.format(read(t, off + offset_of(t, d, i))));
      data.push_back(" ...");
      for (int64_t i = n - kEdgeItems; i < n; ++i) data.push_back(f.format(read(t, off + offset_of(t, d, i))));
    } else {
      for (int64_t i = 0; i < n; ++i) data.push_back(f.format(read(t, off + offset_of(t, d, i))));
    }
    std::vector<std::string> lines;
    for (size_t i = 0; i < data.size(); i += size_t(per_line)) {
      std::vector<std::string> line(data.begin() + long(i), data.begin() + long(std::min(data.size(), i + size_t(per_line))));
      lines.push_back(join(line, ", "));
    }
    return "[" + join(lines, ",\n" + std::string(size_t(indent + 1), ' ')) + "]";
  }
  std::vector<std::string> slices;
  if (summarize && n > 2 * kEdgeItems) {
    for (int64_t i = 0; i < kEdgeItems; ++i) slices.push_back(body(t, d + 1, off + offset_of(t, d, i), indent + 1, summarize, f));
    slices.push_back("...");
    for (int64_t i = n - kEdgeItems; i < n; ++i) slices.push_back(body(t, d + 1, off + offset_of(t, d, i), indent + 1, summarize, f));
  } else {
    for (int64_t i = 0; i < n; ++i) slices.push_back(body(t, d + 1, off + offset_of(t, d, i), indent + 1, summarize, f));
  }
  // (Built with append: GCC 12 misreads the operator+ chain under -Wrestrict.)
  std::string sep = ",";
  sep.append(size_t(dims_left - 1), '\n');
  sep.append(size_t(indent + 1), ' ');
  std::string out = "[";
  out += join(slices, sep);
  out += ']';
  return out;
}

}  // namespace

std::string tensor_body(const Tensor& t, int indent) {
  if (t.numel() == 0) return "[]";
  bool summarize = t.numel() > kThreshold;
  std::vector<Elem> vals;
  summarized(t, 0, 0, summarize, vals);
  Formatter f(t.dtype, vals);
  return body(t, 0, 0, indent, summarize, f);
}

std::string tensor_repr(const Tensor& t, const std::string& autograd_suffix) {
  const std::string prefix = "tensor(";
  const int indent = int(prefix.size());
  std::vector<std::string> suffixes;
  std::string s;
  bool default_dtype = t.dtype == kDefaultFloat || t.dtype == DType::Int64 || t.dtype == DType::Bool;
  if (t.numel() == 0) {
    if (t.dim() != 1) {
      std::string sz = "size=(";
      for (int i = 0; i < t.dim(); ++i) {
        if (i) sz += ", ";
        sz += std::to_string(t.sizes[i]);
      }
      if (t.dim() == 1) sz += ",";
      sz += ")";
      suffixes.push_back(sz);
    }
    if (t.dtype != kDefaultFloat) suffixes.push_back(std::string("dtype=torch.") + dtype_name(t.dtype));
    s = "[]";
  } else {
    if (!default_dtype) suffixes.push_back(std::string("dtype=torch.") + dtype_name(t.dtype));
    s = tensor_body(t, indent);
  }
  if (!autograd_suffix.empty()) suffixes.push_back(autograd_suffix);
  std::string out = prefix + s;
  size_t nl = out.rfind('\n');
  int64_t last_line_len = int64_t(out.size()) - (nl == std::string::npos ? -1 : int64_t(nl)) + 1;
  for (const std::string& suffix : suffixes) {
    int64_t len = int64_t(suffix.size());
    if (last_line_len + len + 2 > kLineWidth) {
      out += ",\n" + std::string(size_t(indent), ' ') + suffix;
      last_line_len = indent + len;
    } else {
      out += ", " + suffix;
      last_line_len += len + 2;
    }
  }
  return out + ")";
}

}  // namespace kiln::torch
