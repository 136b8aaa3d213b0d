// vm/shape.cpp — hidden classes (the design is in vm/shape.h).

#include "vm/shape.h"

#include <algorithm>

#include "vm/dict.h"
#include "vm/str.h"
#include "vm/vm.h"

namespace kiln::vm {

namespace {
bool is_interned(const StrObject* s) { return s->aux & 2; }

// The child of `s` adding `name`, made if needed; null when a limit is hit.
const Shape* shape_child(VM& vm, const Shape* s, StrObject* name) {
  auto* parent = const_cast<Shape*>(s);
  for (auto& c : parent->children)
    if (c->name.as<StrObject>() == name) return c.get();
  if (!is_interned(name)) {
    for (auto& c : parent->children)
      if (str_eq(c->name.as<StrObject>(), name)) return c.get();
  }
  ShapeTree& tree = *vm.shapes;
  if (s->size >= ShapeTree::kMaxAttributes || tree.count >= ShapeTree::kMaxShapes ||
      parent->children.size() >= ShapeTree::kMaxChildren)
    return nullptr;
  Value key = is_interned(name) ? Value::borrow(name) : vm.intern(name->view());
  if (!key) {
    vm.clear_exception();  // no shape: the caller falls back to a dict
    return nullptr;
  }
  auto child = std::make_unique<Shape>();
  child->parent = s;
  child->name = key;
  child->size = s->size + 1;
  child->bloom = s->bloom | dict_bloom_bits(str_hash(key.as<StrObject>()));
  child->keys.reserve(child->size);
  child->keys.insert(child->keys.end(), s->keys.begin(), s->keys.end());
  child->keys.push_back(key.as<StrObject>());
  parent->children.push_back(std::move(child));
  ++tree.count;
  return parent->children.back().get();
}

Value* slot_of(InstanceObject* inst, StrObject* name) {
  int32_t i = shape_find(inst->shape, name);
  return i < 0 ? nullptr : &inst->slots()[i];
}
}  // namespace

int32_t shape_find(const Shape* s, StrObject* name) {
  uint64_t b = dict_bloom_bits(str_hash(name));
  if ((s->bloom & b) != b) return -1;
  const auto& k = s->keys;
  for (size_t i = 0; i < k.size(); ++i)
    if (k[i] == name) return int32_t(i);
  if (!is_interned(name)) {
    for (size_t i = 0; i < k.size(); ++i)
      if (str_eq(k[i], name)) return int32_t(i);
  }
  return -1;
}

void instance_init_slots(VM& vm, InstanceObject* inst, uint32_t capacity) {
  inst->shape = &vm.shapes->root;
  inst->capacity = capacity;
  Value* s = inst->slots();
  for (uint32_t i = 0; i < capacity; ++i) new (&s[i]) Value();
}

Value* instance_attr(InstanceObject* inst, StrObject* name) {
  if (inst->shape) return slot_of(inst, name);
  if (!inst->dict.is_object()) return nullptr;
  DictObject* d = inst->dict.as<DictObject>();
  int64_t i = dict_lookup_str_index(d, name);
  return i < 0 ? nullptr : &d->entries[size_t(i)].value;
}

DictObject* instance_materialize_dict(VM& vm, InstanceObject* inst) {
  if (!inst->shape) {
    if (!inst->dict.is_object()) {
      inst->dict = dict_new(vm);
      if (!inst->dict) return nullptr;
    }
    return inst->dict.as<DictObject>();
  }
  const Shape* s = inst->shape;
  Value d = dict_new(vm, s->size);
  if (!d) return nullptr;
  DictObject* dict = d.as<DictObject>();
  Value* slots = inst->slots();
  for (uint32_t i = 0; i < s->size; ++i) {
    if (dict_insert_absent_str(vm, dict, s->keys[i], slots[i]) < 0) return nullptr;
  }
  for (uint32_t i = 0; i < s->size; ++i) slots[i] = Value();
  inst->shape = nullptr;
  inst->dict = std::move(d);
  return dict;
}

bool instance_store_slow(VM& vm, InstanceObject* inst, StrObject* name, const Value& value, const Shape** from,
                         const Shape** to, int32_t* slot) {
  *from = *to = nullptr;
  *slot = -1;
  const Shape* s = inst->shape;
  if (s) {
    int32_t i = shape_find(s, name);
    if (i >= 0) {
      inst->slots()[i] = value;
      *from = *to = s;
      *slot = i;
      return true;
    }
    const Shape* child = s->size < inst->capacity ? shape_child(vm, s, name) : nullptr;
    if (child) {
      inst->slots()[s->size] = value;
      inst->shape = child;
      *from = s;
      *to = child;
      *slot = int32_t(s->size);
      return true;
    }
    // Out of slots (or shapes): this instance takes a dict; later instances
    // of its class get room for what this one needed.
    if (s->size >= inst->capacity) {
      TypeObject* t = inst->type;
      t->instance_slots = std::max(t->instance_slots, std::min<uint32_t>(ShapeTree::kMaxAttributes, (s->size + 4) & ~3u));
    }
  }
  DictObject* d = instance_materialize_dict(vm, inst);
  return d && dict_setitem_str(vm, d, name, value);
}

bool instance_store(VM& vm, InstanceObject* inst, StrObject* name, const Value& value) {
  const Shape *from, *to;
  int32_t slot;
  return instance_store_slow(vm, inst, name, value, &from, &to, &slot);
}

}  // namespace kiln::vm
