// stdlib/torch/error.h — how the tensor library reports errors.
//
// The C++ tensor core (kernels, shapes, indexing) throws torch::Error; the
// Python bindings (stdlib/torch/bindings.h) catch it at the native-function
// boundary and raise the matching Python exception, so no C++ exception ever
// crosses the interpreter loop. Keeping the core free of VM types lets the
// tracer and the JIT tiers call the same kernels as reference. Messages are
// PyTorch's, word for word where a test can see them.
#pragma once

#include <string>
#include <utility>

#include <fmt/format.h>

namespace kiln::torch {

enum class ErrorKind { Runtime, Index, Type, Value, NotImplemented };

struct Error {
  ErrorKind kind;
  std::string message;
};

template <class... A>
[[noreturn]] void fail(ErrorKind kind, fmt::format_string<A...> f, A&&... args) {
  throw Error{kind, fmt::format(f, std::forward<A>(args)...)};
}
template <class... A>
[[noreturn]] void runtime_error(fmt::format_string<A...> f, A&&... args) {
  throw Error{ErrorKind::Runtime, fmt::format(f, std::forward<A>(args)...)};
}
template <class... A>
[[noreturn]] void index_error(fmt::format_string<A...> f, A&&... args) {
  throw Error{ErrorKind::Index, fmt::format(f, std::forward<A>(args)...)};
}
template <class... A>
[[noreturn]] void type_error(fmt::format_string<A...> f, A&&... args) {
  throw Error{ErrorKind::Type, fmt::format(f, std::forward<A>(args)...)};
}

}  // namespace kiln::torch
