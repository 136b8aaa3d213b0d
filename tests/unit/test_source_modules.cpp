// Unit tests of source modules (VM::register_source_module, vm/import.cpp;
// stdlib/embedded.h): Python text registered under a dotted name imports
// like a file, packages and their submodules included; relative imports
// resolve against __package__ (levels beyond one drop components, as in
// CPython); a failed import leaves sys.modules clean; tracebacks through
// embedded code name its `<kiln>/...` file, line and source line; a
// module's own __getattr__ answers missing names (PEP 562); and torch
// registers its Python parts (stdlib/torch/lib) so that `torch.optim`
// imports on first use.

#include <gtest/gtest.h>

#include <string>

#include "kiln/kiln.h"
#include "stdlib/embedded.h"
#include "vm/dict.h"
#include "vm/exception.h"
#include "vm/interpreter.h"
#include "vm/str.h"
#include "vm/vm.h"

using namespace kiln::vm;

namespace {

constexpr std::string_view kPkgInit =
    "from pkg.sub import twice\n"
    "from . import sibling\n"
    "NAME = 'pkg'\n";
constexpr std::string_view kPkgSub =
    "def twice(x):\n"
    "    return 2 * x\n"
    "\n"
    "def fail(x):\n"
    "    return helper(x) + 1\n"
    "\n"
    "def helper(x):\n"
    "    raise ValueError('bad ' + str(x))\n";
constexpr std::string_view kPkgSibling = "from .sub import twice as t2\nVALUE = t2(21)\n";
constexpr std::string_view kPkgDeepInner = "from ..sub import twice\nfrom .. import NAME\nR = twice(5), NAME\n";
constexpr std::string_view kPkgDeepInit = "";
constexpr std::string_view kBroken = "X = 1\nraise RuntimeError('broken module')\n";
constexpr std::string_view kBadSyntax = "def f(:\n    pass\n";
constexpr std::string_view kTooFar = "from ... import x\n";
constexpr std::string_view kLazy =
    "def __getattr__(name):\n"
    "    if name == 'answer':\n"
    "        return 42\n"
    "    raise AttributeError(f\"module 'lazy' has no attribute '{name}'\")\n";

class SourceModuleTest : public ::testing::Test {
 protected:
  SourceModuleTest() {
    vm.out = [this](std::string_view s) { out += s; };
    vm.err = [](std::string_view) {};
    vm.register_source_module("pkg", kPkgInit, "<kiln>/pkg/__init__.py", true);
    vm.register_source_module("pkg.sub", kPkgSub, "<kiln>/pkg/sub.py", false);
    vm.register_source_module("pkg.sibling", kPkgSibling, "<kiln>/pkg/sibling.py", false);
    vm.register_source_module("pkg.deep", kPkgDeepInit, "<kiln>/pkg/deep/__init__.py", true);
    vm.register_source_module("pkg.deep.inner", kPkgDeepInner, "<kiln>/pkg/deep/inner.py", false);
    vm.register_source_module("broken", kBroken, "<kiln>/broken.py", false);
    vm.register_source_module("badsyntax", kBadSyntax, "<kiln>/badsyntax.py", false);
    vm.register_source_module("pkg.toofar", kTooFar, "<kiln>/pkg/toofar.py", false);
    vm.register_source_module("lazy", kLazy, "<kiln>/lazy.py", false);
  }

  // Runs `src` as a module; returns "" on success, else the formatted traceback.
  std::string run(std::string_view src) {
    Value g = dict_new(vm);
    dict_setitem(vm, g.as<DictObject>(), Value::borrow(vm.names.__builtins__), vm.builtins_dict);
    dict_setitem(vm, g.as<DictObject>(), Value::borrow(vm.names.__name__), make_str(vm, "__main__"));
    Value r = exec_source(vm, src, "<test>", g);
    if (r) return "";
    Value exc = vm.take_exception();
    return format_exception(vm, exc);
  }

  kiln::Options options;
  VM vm{options};
  std::string out;
};

TEST_F(SourceModuleTest, PackagesSubmodulesAndRelativeImports) {
  ASSERT_EQ(run("import pkg\n"
                "print(pkg.NAME, pkg.twice(4), pkg.sibling.VALUE, pkg.sub.twice(1))\n"
                "print(pkg.__file__, pkg.__package__, pkg.sub.__package__)\n"
                "import pkg.deep.inner as inner\n"
                "print(inner.R, inner.__name__)\n"
                "from pkg.deep import inner as again\n"
                "print(again is inner)\n"
                "print(pkg.sub)\n"),
            "");
  EXPECT_EQ(out,
            "pkg 8 42 2\n"
            "<kiln>/pkg/__init__.py pkg pkg\n"
            "(10, 'pkg') pkg.deep.inner\n"
            "True\n"
            "<module 'pkg.sub' from '<kiln>/pkg/sub.py'>\n");
}

TEST_F(SourceModuleTest, TracebacksNameTheEmbeddedFileAndLine) {
  std::string tb = run("import pkg.sub\npkg.sub.fail(3)\n");
  EXPECT_EQ(tb,
            "Traceback (most recent call last):\n"
            "  File \"<test>\", line 2, in <module>\n"
            "    pkg.sub.fail(3)\n"
            "  File \"<kiln>/pkg/sub.py\", line 5, in fail\n"
            "    return helper(x) + 1\n"
            "  File \"<kiln>/pkg/sub.py\", line 8, in helper\n"
            "    raise ValueError('bad ' + str(x))\n"
            "ValueError: bad 3\n");
}

TEST_F(SourceModuleTest, AFailedImportLeavesSysModulesAndRaisesAgain) {
  std::string tb = run("import broken\n");
  EXPECT_NE(tb.find("File \"<kiln>/broken.py\", line 2, in <module>"), std::string::npos) << tb;
  EXPECT_NE(tb.find("RuntimeError: broken module"), std::string::npos) << tb;
  EXPECT_EQ(run("import sys\n"
                "print('broken' in sys.modules)\n"
                "try:\n"
                "    import broken\n"
                "except RuntimeError as e:\n"
                "    print('again:', e)\n"),
            "");
  EXPECT_EQ(out, "False\nagain: broken module\n");
}

TEST_F(SourceModuleTest, SyntaxErrorsNameTheEmbeddedFile) {
  std::string tb = run("import badsyntax\n");
  EXPECT_NE(tb.find("File \"<kiln>/badsyntax.py\", line 1"), std::string::npos) << tb;
  EXPECT_NE(tb.find("SyntaxError"), std::string::npos) << tb;
}

TEST_F(SourceModuleTest, ImportErrors) {
  EXPECT_NE(run("import pkg.toofar\n").find("ImportError: attempted relative import beyond top-level package"),
            std::string::npos);
  // A submodule nobody registered: not looked for in a `<kiln>/...` directory.
  EXPECT_NE(run("import pkg.missing\n").find("ModuleNotFoundError: No module named 'pkg.missing'"),
            std::string::npos);
  EXPECT_NE(run("from pkg import missing\n")
                .find("ImportError: cannot import name 'missing' from 'pkg' (<kiln>/pkg/__init__.py)"),
            std::string::npos);
}

TEST_F(SourceModuleTest, ModuleGetattrAnswersMissingNames) {
  EXPECT_EQ(run("import lazy\n"
                "print(lazy.answer, getattr(lazy, 'nothing', 'default'), hasattr(lazy, 'nothing'))\n"
                "from lazy import answer\n"
                "print(answer)\n"),
            "");
  EXPECT_EQ(out, "42 default False\n42\n");
  EXPECT_NE(run("import lazy\nlazy.nothing\n").find("AttributeError: module 'lazy' has no attribute 'nothing'"),
            std::string::npos);
}

TEST_F(SourceModuleTest, TorchRegistersItsPythonParts) {
  EXPECT_GT(torch_lib_sources().count, 0u);
  bool has_optim = false;
  for (const EmbeddedSource& s : torch_lib_sources()) {
    EXPECT_TRUE(std::string_view(s.module).starts_with("torch.")) << s.module;
    EXPECT_TRUE(std::string_view(s.filename).starts_with("<kiln>/torch/")) << s.filename;
    if (std::string_view(s.module) == "torch.optim") has_optim = s.is_package;
  }
  EXPECT_TRUE(has_optim);
  // Nothing of torch.optim is compiled by `import torch`; the first use imports it.
  EXPECT_EQ(run("import sys\n"
                "import torch\n"
                "print('torch.optim' in sys.modules)\n"
                "print(torch.optim.SGD.__name__, torch.optim.SGD.__module__)\n"
                "print('torch.optim' in sys.modules, torch.optim is sys.modules['torch.optim'])\n"
                "print(hasattr(torch, 'no_such_thing'))\n"),
            "");
  EXPECT_EQ(out, "False\nSGD torch.optim.sgd\nTrue True\nFalse\n");
}

}  // namespace
