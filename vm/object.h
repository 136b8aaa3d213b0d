// vm/object.h — the heap object model: the common header, the memory layout of
// every object kind (vm/object_kinds.def), allocation and destruction.
//
// Every heap object starts with `Object`: a 32-bit reference count (first, so
// Value can count without this header), its layout kind, and its Python class
// (`type`, a strong reference). Objects that can hold references to other
// objects (containers, instances, classes, functions, cells, generators, ...)
// are also *tracked*: linked into one of their VM's generation lists
// (prev/next) so that the cycle collector (vm/gc.cpp) can find unreachable
// cycles and the VM can free everything it owns when it dies. Atomic objects
// (str, boxed int, range, opaque payloads: kinds that hold no Value) are not
// linked; reference counting alone frees them. See vm/gc.h for the design.
//
// Objects are allocated with mimalloc (plain malloc under the ASan preset so
// that LeakSanitizer sees every block). Layouts here are data only; behaviour
// lives in one file per type under vm/ (vm/str.cpp, vm/list.cpp, ...).
//
// Fields that hold Python values are `Value`s (strong references). Each kind
// implements `traverse` (visit every Value it owns) and `clear` (drop them) for
// the cycle collector in vm/gc.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "vm/alloc.h"
#include "vm/value.h"

namespace kiln::vm {

class VM;
struct TypeObject;
struct FunctionObject;
struct CallArgs;
// A builtin class's constructor: int(x), range(n), list(it)... (vm/constructors.cpp).
using TypeCallFn = Value (*)(VM&, TypeObject*, const CallArgs&);

enum class ObjKind : uint8_t {
#define KIND(name, st) name,
#include "vm/object_kinds.def"
#undef KIND
  Count_
};
const char* obj_kind_name(ObjKind k);

struct Object {
  uint32_t refcount = 1;
  ObjKind kind;
  uint8_t gc_flags = 0;   // used by vm/gc.cpp only
  uint16_t aux = 0;       // a few spare bits a kind may use (documented per kind)
  TypeObject* type;       // strong reference
  // Links in one of the owning VM's circular generation lists (sentinel-headed,
  // so unlinking needs no pointer to the VM); both null while the object is
  // untracked (atomic kinds, and tuples the collector found to hold only
  // atomic values).
  Object* gc_prev = nullptr;
  Object* gc_next = nullptr;
};

template <class T> using VmVector = std::vector<T, VmAllocator<T>>;

// ------------------------------------------------------------ numbers, text
struct IntObject : Object {
  int64_t value;          // never fits a small int
};

// Immutable UTF-8 text. `aux` bit 0: is_ascii; bit 1: interned.
struct StrObject : Object {
  int64_t hash = -1;      // cached; -1 = not computed yet
  int64_t length;         // number of code points
  size_t nbytes;          // bytes of UTF-8, excluding the terminating NUL
  char data[1];           // nbytes + 1 bytes allocated inline, NUL-terminated
  std::string_view view() const { return {data, nbytes}; }
  bool is_ascii() const { return aux & 1; }
};

// ------------------------------------------------------------ containers
struct ListObject : Object {
  VmVector<Value> items;
};

// Immutable; items allocated inline after the header.
struct TupleObject : Object {
  int64_t hash = -1;      // cached
  size_t size;
  Value items[1];         // `size` slots (at least one allocated)
  Value* begin() { return items; }
  Value* end() { return items + size; }
};

// Insertion-ordered hash table in the style of CPython's compact dict:
// `entries` in insertion order (a deleted entry has an Empty key), `index`
// an open-addressing table of entry positions. Implemented in vm/dict.cpp.
struct DictObject : Object {
  struct Entry {
    int64_t hash;
    Value key;
    Value value;
  };
  VmVector<Entry> entries;
  VmVector<int32_t> index;   // -1 empty, -2 dummy; size is a power of two (or 0)
  size_t used = 0;           // live entries
  size_t filled = 0;         // index slots not empty (live entries and dummies): probes end at an empty one
  uint64_t version = 0;      // bumped on every insertion/deletion (not on value replace)
  // Bumped on every change of a key or a value (CPython's ma_version_tag):
  // the tracer's module guards (tracer/guards.h, MODULE_ATTRS) check "nothing
  // in this module changed" with one compare.
  uint64_t mutations = 0;
  // A one-word Bloom filter of the keys ever inserted (dict_bloom_bits of
  // their hashes; reset only by clear). The attribute caches use it to prove
  // in a few instructions that an instance dict does not shadow a method.
  uint64_t key_bloom = 0;
};

// The two bits a key with this hash sets in DictObject::key_bloom.
inline uint64_t dict_bloom_bits(int64_t hash) {
  uint64_t h = uint64_t(hash);
  return (uint64_t(1) << (h & 63)) | (uint64_t(1) << ((h >> 6) & 63));
}

// set / frozenset (type tells which). Open addressing with CPython's probing
// sequence so that iteration order of int sets matches CPython. `aux` bit 0: frozen.
struct SetObject : Object {
  struct Slot {
    int64_t hash;
    Value key;               // Empty = free; kDummy marker via hash == -1 && key empty? see vm/set.cpp
  };
  VmVector<Slot> table;      // size is a power of two, >= 8
  size_t fill = 0;           // active + dummy
  size_t used = 0;           // active
  size_t finger = 0;         // for pop()
  int64_t hash = -1;         // frozenset only
};

struct RangeObject : Object {
  int64_t start, stop, step, length;
};

struct SliceObject : Object {
  Value start, stop, step;   // None when omitted
};

// ------------------------------------------------------------ classes
// A Python class: builtin (int, list, ValueError...) or user-defined.
// `aux` bit 0: is a builtin type (attributes cannot be set on it);
//       bit 1: instances have a __dict__ (user classes).
struct TypeObject : Object {
  VM* vm = nullptr;          // the owning VM (set when the class is created; see gc_untrack)
  Value name;                // str
  Value qualname;            // str
  Value module;              // str or None
  Value dict;                // DictObject: class attributes and methods
  Value base;                // TypeObject or None (only `object` has none)
  VmVector<Value> mro;       // this class first, `object` last
  ObjKind instance_kind;     // layout of instances
  // Cache of "has this dunder": bits from vm/slots.def, recomputed when the
  // class or one of its bases is modified; lets operators skip dict lookups.
  uint64_t slot_bits = 0;
  uint64_t version = 0;      // bumped when this class's dict changes (inline-cache key)
  // type_lookup's memo (vm/ops.cpp): direct-mapped by name, valid while
  // lookup_cache_version == version; absent names are remembered too
  // (value Empty). Strong references, visited by the cycle collector.
  struct LookupCacheEntry {
    Value name;
    Value value;
    int8_t from_user = -1;  // user_type_lookup's answer for it: 1 yes, 0 no, -1 not known yet
  };
  static constexpr size_t kLookupCacheSize = 32;
  LookupCacheEntry lookup_cache[kLookupCacheSize];
  // The memo entry `name` maps to (direct-mapped on the interned name's address).
  static size_t lookup_slot(const void* name) {
    uint64_t h = (reinterpret_cast<uint64_t>(name) >> 4) * 0x9E3779B97F4A7C15ull;
    return size_t(h >> 59);
  }
  static_assert(kLookupCacheSize == 32, "lookup_slot keeps 5 bits");
  // The valid memo entry for `name`, or null (the class changed since, or
  // another name holds the slot).
  const LookupCacheEntry* lookup_hit(const void* name) const {
    if (lookup_cache_version != version) return nullptr;
    const LookupCacheEntry& e = lookup_cache[lookup_slot(name)];
    return e.name.bits() == (Value::kPtrTag | reinterpret_cast<uint64_t>(name)) ? &e : nullptr;
  }
  uint64_t lookup_cache_version = ~uint64_t(0);
  // Slots a new instance gets for its attributes (vm/shape.h); raised when
  // an instance of the class overflows them.
  uint32_t instance_slots = 6;
  // type_inline_init's memo (vm/type.h): the FunctionObject, or Empty for
  // "none", valid while init_cache_version == version. A strong reference
  // (visited by the cycle collector), like the lookup memo's: a class dict
  // changed behind the version's back must not leave it dangling.
  Value init_cache;
  uint64_t init_cache_version = ~uint64_t(0);
  // Builtin classes that Python code can call: the constructor their
  // __new__ wraps, which type_call runs directly (builtin classes are
  // immutable, so it cannot be replaced). Null for the rest.
  TypeCallFn builtin_new = nullptr;
};

// Instances of user classes (and `object()` itself). Attributes live in
// `capacity` values allocated after the header, named by `shape` (vm/shape.h
// explains hidden classes), until the instance needs a real __dict__; from
// then on `shape` is null and `dict` holds them all.
struct Shape;
struct InstanceObject : Object {
  Value dict;                    // DictObject once materialised (shape null); Empty before
  const Shape* shape = nullptr;  // names of slots()[0, shape->size) while in shape mode
  uint32_t capacity = 0;         // slots allocated (all constructed; unused ones Empty)
  Value* slots() { return reinterpret_cast<Value*>(this + 1); }
  const Value* slots() const { return reinterpret_cast<const Value*>(this + 1); }
};
static_assert(sizeof(InstanceObject) % alignof(Value) == 0);

// Instances of BaseException and its subclasses (builtin and user).
struct ExceptionObject : Object {
  Value args;                // tuple
  Value dict;                // DictObject for user attributes (created lazily; may be Empty)
  Value traceback;           // list of (filename, line, funcname) tuples, innermost last
  Value cause;               // __cause__ (None if absent)
  Value context;             // __context__ (None if absent)
  bool suppress_context = false;
};

// ------------------------------------------------------------ callables
struct CodeObject;  // vm/code.h

struct FunctionObject : Object {
  Value code;                // CodeObject
  Value globals;             // DictObject of the defining module
  Value name, qualname;      // str
  Value defaults;            // tuple or None (for the last positional params)
  Value kwdefaults;          // dict or None
  Value closure;             // tuple of CellObjects or None
  Value dict;                // function attributes (lazily created; may be Empty)
  Value module;              // str: __module__
  Value doc;                 // None or str
  // Bumped when __code__, __defaults__ or __kwdefaults__ is replaced: the
  // tracer inlines a function under a FUNC_VERSION guard (tracer/guards.h).
  uint64_t version = 0;
};

// Calling convention shared by the interpreter and every native function
// (like CPython's vectorcall): `args[0..nargs)` are positional, followed by
// one value per name in `kwnames` (a tuple of str, or null when none).
struct CallArgs {
  const Value* args;
  size_t nargs;
  const TupleObject* kwnames;
  size_t nkw() const { return kwnames ? kwnames->size : 0; }
  const Value& kwvalue(size_t i) const { return args[nargs + i]; }
};

// Returns the result, or Empty with an exception pending in the VM.
using NativeFn = Value (*)(VM& vm, const CallArgs& a, const Value& self_or_data);

// A function written in C++. For methods of builtin types, stored in the
// type's dict and bound on attribute access; `self` is then passed as
// args[0] (like CPython's method descriptors). `data` is passed to `fn` as
// its third parameter: a module object, a bound value, or Empty.
struct NativeObject : Object {
  NativeFn fn;
  const char* name;          // static storage
  Value data;
  Value owner;               // the TypeObject for methods of builtin types, else None
};

struct BoundMethodObject : Object {
  Value self;
  Value func;
};

struct CellObject : Object {
  Value contents;            // Empty = unbound
};

struct ModuleObject : Object {
  Value name;                // str
  Value dict;                // DictObject (the module's globals)
};

// The suspended frame of a generator; see vm/frame.h and vm/interpreter.cpp.
struct Frame;
struct GeneratorObject : Object {
  Frame* frame = nullptr;    // owned; null once finished
  Value name, qualname;
  bool running = false;
  bool finished = false;
};

// Every builtin iterator type shares this layout; `type` names the class
// (list_iterator, range_iterator, enumerate, zip, map, ...), `next` advances.
// Returns the next value, or Empty: with an exception pending on error, or
// with none pending when exhausted.
struct IteratorObject;
using IterNextFn = Value (*)(VM& vm, IteratorObject* it);
struct IteratorObject : Object {
  IterNextFn next;
  Value a, b;                // iterated object(s) / callable, per iterator type
  int64_t i = 0, n = 0, step = 1;
};

// dict_keys / dict_values / dict_items (type tells which).
struct DictViewObject : Object {
  Value dict;
};

struct PropertyObject : Object {
  Value fget, fset, fdel, doc;
};
struct StaticMethodObject : Object {
  Value func;
};
struct ClassMethodObject : Object {
  Value func;
};
struct SuperObject : Object {
  Value type;                // the class named in super(C, obj)
  Value obj;                 // the instance (or class for classmethods)
  Value obj_type;            // type(obj), or obj if obj is a class
};

struct FileObject : Object {
  void* fp = nullptr;        // FILE*
  Value name, mode;
  bool closed = false;
  bool readable = false, writable = false;
};

// A C++ payload owned by a library module (the torch module keeps tensors in
// these). `destroy` runs when the object dies; `traverse` may be null.
struct OpaqueObject : Object {
  void* payload = nullptr;
  void (*destroy)(void* payload) = nullptr;
};

// torch.Tensor. The layout belongs to the tensor library
// (stdlib/torch/tensor_object.h); the VM only destroys it through this hook.
// Tensors hold no Values, so the cycle collector does not track them.
struct TensorObject;
void tensor_object_destroy(Object* o);

// ------------------------------------------------------------ allocation
// Kinds whose layout holds no Value: their objects can never be part of a
// reference cycle (unless their class is a user class, which they reference),
// so the cycle collector does not track them.
constexpr uint64_t kAtomicKindMask = (uint64_t(1) << unsigned(ObjKind::Int)) |
                                     (uint64_t(1) << unsigned(ObjKind::Str)) |
                                     (uint64_t(1) << unsigned(ObjKind::Range)) |
                                     (uint64_t(1) << unsigned(ObjKind::Opaque)) |
                                     (uint64_t(1) << unsigned(ObjKind::Tensor));
static_assert(unsigned(ObjKind::Count_) <= 64);
inline bool kind_is_atomic(ObjKind k) { return (kAtomicKindMask >> unsigned(k)) & 1; }
// Whether a new object of this kind and class is tracked by the cycle
// collector: anything that may hold a reference, and instances of user
// classes (they hold their class, which may hold them back).
inline bool object_needs_tracking(ObjKind kind, const TypeObject* type) {
  return !kind_is_atomic(kind) || (type && !(type->aux & 1));
}

// Links a freshly constructed, tracked object into its VM's youngest
// generation (and may run a collection first); defined in vm/gc.cpp.
void gc_track_new(VM& vm, Object* o);

// Sets the header of a freshly constructed object (refcount 1, kind, a new
// reference to `type`) and, unless it is atomic, tracks it.
inline void object_link(VM& vm, Object* o, ObjKind kind, TypeObject* type) {
  o->refcount = 1;
  o->kind = kind;
  o->gc_flags = 0;
  o->type = type;
  if (type) ++type->refcount;
  if (object_needs_tracking(kind, type)) gc_track_new(vm, o);
}

// Allocates `bytes` (>= sizeof(T); more for inline arrays), constructs T and
// links it. The caller owns the one reference: wrap it with Value::steal.
template <class T>
T* object_new(VM& vm, ObjKind kind, TypeObject* type, size_t bytes = sizeof(T)) {
  void* mem = vm_alloc(bytes);
  T* obj = new (mem) T();
  object_link(vm, obj, kind, type);
  return obj;
}

// Visit every Value an object holds / drop them all (for vm/gc.cpp).
using VisitFn = void (*)(Value& child, void* ctx);
void object_traverse(Object* o, VisitFn visit, void* ctx);
void object_clear(Object* o);

}  // namespace kiln::vm
