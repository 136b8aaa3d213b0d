// stdlib/embedded.cpp — registration of embedded Python sources (see stdlib/embedded.h).

#include "stdlib/embedded.h"

namespace kiln::vm {

void register_embedded_sources(VM& vm, EmbeddedSources sources) {
  for (const EmbeddedSource& s : sources) vm.register_source_module(s.module, s.text, s.filename, s.is_package);
}

}  // namespace kiln::vm
