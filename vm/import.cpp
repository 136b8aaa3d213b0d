// vm/import.cpp — VM::import_module: the `import` statement's machinery.
//
// Lookup order for `import a.b`: sys.modules (vm.modules) first; then native
// modules registered with VM::register_native_module (math, random, ...);
// then source modules registered with VM::register_source_module (Python
// text embedded in the binary, such as torch.nn: stdlib/embedded.h); then
// the user's own modules: `a/b.py` or `a/b/__init__.py` under each
// directory of vm.module_path (the script's directory). Parent packages are
// imported first, as in CPython. A module enters sys.modules before its body
// runs (so circular imports see the partial module) and leaves it again if
// the body raises. Source modules and files run through the same path
// (run_source below); only where the text comes from differs, and the file
// name an embedded module reports (`<kiln>/torch/nn/functional.py`) is the
// one its tracebacks show, with source lines, as for a file.
#include <fstream>
#include <sstream>
#include <sys/stat.h>

#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/dict.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/vm.h"

namespace kiln::vm {

namespace {

bool file_exists(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool read_file(const std::string& p, std::string* out) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  *out = ss.str();
  return true;
}

}  // namespace

Value module_new(VM& vm, std::string_view name) {
  ModuleObject* m = object_new<ModuleObject>(vm, ObjKind::Module, vm.types.module);
  Value mv = Value::steal(m);
  m->name = make_str(vm, name);
  m->dict = dict_new(vm);
  auto* d = m->dict.as<DictObject>();
  dict_setitem(vm, d, Value::borrow(vm.names.__name__), m->name);
  dict_setitem(vm, d, Value::borrow(vm.names.__doc__), Value::none());
  return mv;
}

void VM::register_native_module(std::string name, ModuleInit init) { native_modules_[std::move(name)] = init; }

void VM::register_source_module(std::string name, std::string_view source, std::string filename, bool is_package) {
  source_modules_[std::move(name)] = SourceModule{source, std::move(filename), is_package};
}

bool VM::has_source_module(std::string_view name) const { return source_modules_.count(std::string(name)) != 0; }

namespace {

// Creates module `name` with __file__ = path, enters it in sys.modules under
// `key`, runs `source` in it and binds it in `parent` (if any) as the last
// component of the name. On error the module leaves sys.modules again.
Value run_source(VM& vm, const std::string& name, const Value& key, const Value& parent, std::string_view source,
                 const std::string& path, bool is_package) {
  auto* mods = vm.modules.as<DictObject>();
  size_t dot = name.rfind('.');
  Value m = module_new(vm, name);
  auto* md = m.as<ModuleObject>()->dict.as<DictObject>();
  dict_setitem(vm, md, Value::borrow(vm.names.__file__), make_str(vm, path));
  std::string package = is_package ? name : (dot == std::string::npos ? "" : name.substr(0, dot));
  dict_setitem(vm, md, vm.intern("__package__"), make_str(vm, package));
  if (!dict_setitem(vm, mods, key, m)) return Value();
  Value code = compile_source(vm, source, path, false);
  Value r = code ? run_module_code(vm, code.as<CodeObject>(), m.as<ModuleObject>()->dict) : Value();
  if (!r) {
    Value saved = vm.take_exception();
    dict_delitem_str(vm, mods, key.as<StrObject>());
    vm.raise_value(saved);
    return Value();
  }
  // The module object in sys.modules may have been replaced by its body.
  Value final_mod = dict_get_str(mods, key.as<StrObject>());
  if (!final_mod) final_mod = m;
  if (parent && !setattr(vm, parent, vm.intern(std::string_view(name).substr(dot + 1)).as<StrObject>(), final_mod))
    return Value();
  return final_mod;
}

}  // namespace

Value VM::import_module(std::string_view dotted) {
  auto* mods = modules.as<DictObject>();
  Value key = make_str(*this, dotted);
  Value found = dict_get_str(mods, key.as<StrObject>());
  if (found) return found;

  // Parent package first.
  size_t dot = dotted.rfind('.');
  Value parent;
  if (dot != std::string_view::npos) {
    parent = import_module(dotted.substr(0, dot));
    if (!parent) return Value();
    found = dict_get_str(mods, key.as<StrObject>());
    if (found) return found;  // the parent's __init__ imported us
  }

  std::string name(dotted);
  auto nit = native_modules_.find(name);
  if (nit != native_modules_.end()) {
    Value m = nit->second(*this);
    if (!m) return Value();
    if (!dict_setitem(*this, mods, key, m)) return Value();
    if (parent) setattr(*this, parent, intern(dotted.substr(dot + 1)).as<StrObject>(), m);
    return m;
  }

  auto sit = source_modules_.find(name);
  if (sit != source_modules_.end()) {
    const SourceModule& sm = sit->second;
    return run_source(*this, name, key, parent, sm.source, sm.filename, sm.is_package);
  }

  // User modules beside the script.
  std::string rel = name;
  for (auto& c : rel)
    if (c == '.') c = '/';
  // sys.path when the script has imported sys (it may have changed it, as
  // CPython honours), else the directories it would start with.
  std::vector<std::string> dirs = module_path;
  if (modules.is_object()) {
    Value sys = dict_get_str(modules.as<DictObject>(), intern("sys").as<StrObject>());
    Value sp = sys.is_object() && is_kind(sys, ObjKind::Module)
                   ? dict_get_str(sys.as<ModuleObject>()->dict.as<DictObject>(), intern("path").as<StrObject>())
                   : Value();
    if (is_kind(sp, ObjKind::List)) {
      dirs.clear();
      for (const Value& d : sp.as<ListObject>()->items)
        if (is_str(d)) dirs.emplace_back(str_view(d));
    }
  }
  if (parent) {
    // Submodules live in the package's directory.
    Value pfile = getattr_opt(*this, parent, names.__file__);
    clear_exception();
    if (pfile && is_str(pfile) && str_view(pfile).starts_with('<')) {
      dirs.clear();  // an embedded package (`<kiln>/...`) has no directory to search
    } else if (pfile && is_str(pfile)) {
      std::string pf(str_view(pfile));
      size_t slash = pf.rfind('/');
      std::string pdir = slash == std::string::npos ? "." : pf.substr(0, slash);
      dirs.insert(dirs.begin(), pdir);
      rel = name.substr(dot + 1);
    }
  }
  std::string path;
  bool is_package = false;
  for (auto& d : dirs) {
    std::string base = d.empty() ? rel : d + "/" + rel;
    if (file_exists(base + ".py")) {
      path = base + ".py";
      break;
    }
    if (file_exists(base + "/__init__.py")) {
      path = base + "/__init__.py";
      is_package = true;
      break;
    }
  }
  if (path.empty()) {
    return raisef(Exc::ModuleNotFoundError, "No module named '%s'", name.c_str());
  }
  std::string source;
  if (!read_file(path, &source)) {
    return raisef(Exc::ImportError, "cannot read module '%s' from %s", name.c_str(), path.c_str());
  }
  return run_source(*this, name, key, parent, source, path, is_package);
}

}  // namespace kiln::vm
