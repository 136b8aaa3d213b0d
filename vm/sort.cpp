// vm/sort.cpp — CPython 3.11's listsort (timsort + powersort merge policy).
//
// The structure and names follow Objects/listobject.c so the two can be read
// side by side. Values are moved around as raw bits (memmove) while sorting:
// at every moment each Value lives in exactly one slot (the array or the
// merge buffer), so no reference counts change and a failed comparison still
// leaves a complete permutation behind.
#include "vm/sort.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>

#include "vm/container_support.h"
#include "vm/object.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {

using ssize = std::ptrdiff_t;

constexpr ssize kMinGallop = 7;
constexpr int kMaxMergePending = 64 * 2;  // powersort keeps at most log2(n)+1 runs

struct SortSlice {
  Value* keys;
  Value* values;  // null when sorting keys alone
};

inline void raw_move(Value* dst, const Value* src, ssize n) {
  if (n > 0) std::memmove(static_cast<void*>(dst), static_cast<const void*>(src), size_t(n) * sizeof(Value));
}
inline void raw_set(Value* dst, const Value* src) {
  std::memcpy(static_cast<void*>(dst), static_cast<const void*>(src), sizeof(Value));
}

inline void sortslice_copy(SortSlice* s1, ssize i, const SortSlice* s2, ssize j) {
  raw_set(&s1->keys[i], &s2->keys[j]);
  if (s1->values) raw_set(&s1->values[i], &s2->values[j]);
}
inline void sortslice_copy_incr(SortSlice* dst, SortSlice* src) {
  raw_set(dst->keys++, src->keys++);
  if (dst->values) raw_set(dst->values++, src->values++);
}
inline void sortslice_copy_decr(SortSlice* dst, SortSlice* src) {
  raw_set(dst->keys--, src->keys--);
  if (dst->values) raw_set(dst->values--, src->values--);
}
inline void sortslice_memmove(SortSlice* s1, ssize i, const SortSlice* s2, ssize j, ssize n) {
  raw_move(&s1->keys[i], &s2->keys[j], n);
  if (s1->values) raw_move(&s1->values[i], &s2->values[j], n);
}
inline void sortslice_advance(SortSlice* s, ssize n) {
  s->keys += n;
  if (s->values) s->values += n;
}

inline void reverse_raw(Value* lo, Value* hi) {
  // Swapping bits directly (std::swap on Values would do the same, minus
  // the reference-count-neutral guarantee being obvious).
  --hi;
  while (lo < hi) {
    uint64_t t;
    std::memcpy(&t, static_cast<const void*>(lo), sizeof t);
    raw_set(lo, hi);
    std::memcpy(static_cast<void*>(hi), &t, sizeof t);
    ++lo;
    --hi;
  }
}
inline void reverse_sortslice(SortSlice* s, ssize n) {
  reverse_raw(s->keys, s->keys + n);
  if (s->values) reverse_raw(s->values, s->values + n);
}

struct Run {
  SortSlice base;
  ssize len;
  int power;
};

// One sort in progress; Lt is the comparison (1: a < b, 0: not, -1: error).
template <class Lt>
class Sorter {
 public:
  Sorter(Lt lt, Value* keys, Value* values, ssize n)
      : lt_(lt), basekeys_(keys), listlen_(n), has_values_(values != nullptr) {}

  bool run(Value* keys, Value* values) {
    SortSlice lo{keys, values};
    ssize nremaining = listlen_;
    if (nremaining < 2) return true;
    ssize minrun = merge_compute_minrun(nremaining);
    do {
      bool descending;
      ssize n = count_run(lo.keys, lo.keys + nremaining, &descending);
      if (n < 0) return false;
      if (descending) reverse_sortslice(&lo, n);
      // If short, extend to min(minrun, nremaining).
      if (n < minrun) {
        ssize force = nremaining <= minrun ? nremaining : minrun;
        if (!binarysort(lo, lo.keys + force, lo.keys + n)) return false;
        n = force;
      }
      if (!found_new_run(n)) return false;
      pending_[n_].base = lo;
      pending_[n_].len = n;
      ++n_;
      sortslice_advance(&lo, n);
      nremaining -= n;
    } while (nremaining);
    return merge_force_collapse();
  }

 private:
  Lt lt_;
  Value* basekeys_;
  ssize listlen_;
  bool has_values_;
  ssize min_gallop_ = kMinGallop;
  SortSlice a_{nullptr, nullptr};  // merge buffer (set up by getmem)
  ssize alloced_ = 0;
  std::unique_ptr<uint64_t[]> keybuf_, valbuf_;
  int n_ = 0;
  Run pending_[kMaxMergePending];

  static ssize merge_compute_minrun(ssize n) {
    ssize r = 0;  // becomes 1 if any 1 bits are shifted off
    while (n >= 64) {
      r |= n & 1;
      n >>= 1;
    }
    return n + r;
  }

  bool getmem(ssize need) {
    if (need <= alloced_) return true;
    keybuf_.reset(new uint64_t[size_t(need)]);
    a_.keys = reinterpret_cast<Value*>(keybuf_.get());
    if (has_values_) {
      valbuf_.reset(new uint64_t[size_t(need)]);
      a_.values = reinterpret_cast<Value*>(valbuf_.get());
    } else {
      a_.values = nullptr;
    }
    alloced_ = need;
    return true;
  }

  // binarysort: [lo, start) is sorted; insert [start, hi) one at a time.
  bool binarysort(SortSlice lo, Value* hi, Value* start) {
    if (lo.keys == start) ++start;
    for (; start < hi; ++start) {
      Value* l = lo.keys;
      Value* r = start;
      Value* pivot = start;
      uint64_t pivot_bits;
      std::memcpy(&pivot_bits, static_cast<const void*>(pivot), sizeof pivot_bits);
      const Value& pv = *reinterpret_cast<const Value*>(&pivot_bits);
      do {
        Value* p = l + ((r - l) >> 1);
        int k = lt_(pv, *p);
        if (k < 0) return false;
        if (k) r = p;
        else l = p + 1;
      } while (l < r);
      // pivot belongs at l; slide [l, start) one to the right.
      raw_move(l + 1, l, start - l);
      std::memcpy(static_cast<void*>(l), &pivot_bits, sizeof pivot_bits);
      if (lo.values) {
        ssize offset = lo.values - lo.keys;
        Value* p = start + offset;
        uint64_t vbits;
        std::memcpy(&vbits, static_cast<const void*>(p), sizeof vbits);
        Value* lv = l + offset;
        raw_move(lv + 1, lv, p - lv);
        std::memcpy(static_cast<void*>(lv), &vbits, sizeof vbits);
      }
    }
    return true;
  }

  // Length of the run beginning at lo (strictly descending runs are reported
  // as descending and reversed by the caller). -1 on error.
  ssize count_run(Value* lo, Value* hi, bool* descending) {
    *descending = false;
    ++lo;
    if (lo == hi) return 1;
    ssize n = 2;
    int k = lt_(*lo, *(lo - 1));
    if (k < 0) return -1;
    if (k) {
      *descending = true;
      for (lo = lo + 1; lo < hi; ++lo, ++n) {
        k = lt_(*lo, *(lo - 1));
        if (k < 0) return -1;
        if (!k) break;
      }
    } else {
      for (lo = lo + 1; lo < hi; ++lo, ++n) {
        k = lt_(*lo, *(lo - 1));
        if (k < 0) return -1;
        if (k) break;
      }
    }
    return n;
  }

  // Leftmost position in sorted a[0..n) where key belongs. -1 on error.
  ssize gallop_left(const Value& key, Value* a, ssize n, ssize hint) {
    a += hint;
    ssize lastofs = 0, ofs = 1;
    int k = lt_(*a, key);
    if (k < 0) return -1;
    if (k) {
      // a[hint] < key: gallop right until a[hint + lastofs] < key <= a[hint + ofs]
      const ssize maxofs = n - hint;
      while (ofs < maxofs) {
        k = lt_(a[ofs], key);
        if (k < 0) return -1;
        if (k) {
          lastofs = ofs;
          ofs = (ofs << 1) + 1;
        } else {
          break;
        }
      }
      if (ofs > maxofs) ofs = maxofs;
      lastofs += hint;
      ofs += hint;
    } else {
      // key <= a[hint]: gallop left until a[hint - ofs] < key <= a[hint - lastofs]
      const ssize maxofs = hint + 1;
      while (ofs < maxofs) {
        k = lt_(*(a - ofs), key);
        if (k < 0) return -1;
        if (k) break;
        lastofs = ofs;
        ofs = (ofs << 1) + 1;
      }
      if (ofs > maxofs) ofs = maxofs;
      ssize t = lastofs;
      lastofs = hint - ofs;
      ofs = hint - t;
    }
    a -= hint;
    // a[lastofs] < key <= a[ofs]: binary search in between.
    ++lastofs;
    while (lastofs < ofs) {
      ssize m = lastofs + ((ofs - lastofs) >> 1);
      k = lt_(a[m], key);
      if (k < 0) return -1;
      if (k) lastofs = m + 1;
      else ofs = m;
    }
    return ofs;
  }

  // Rightmost position in sorted a[0..n) where key belongs. -1 on error.
  ssize gallop_right(const Value& key, Value* a, ssize n, ssize hint) {
    a += hint;
    ssize lastofs = 0, ofs = 1;
    int k = lt_(key, *a);
    if (k < 0) return -1;
    if (k) {
      // key < a[hint]: gallop left until a[hint - ofs] <= key < a[hint - lastofs]
      const ssize maxofs = hint + 1;
      while (ofs < maxofs) {
        k = lt_(key, *(a - ofs));
        if (k < 0) return -1;
        if (k) {
          lastofs = ofs;
          ofs = (ofs << 1) + 1;
        } else {
          break;
        }
      }
      if (ofs > maxofs) ofs = maxofs;
      ssize t = lastofs;
      lastofs = hint - ofs;
      ofs = hint - t;
    } else {
      // a[hint] <= key: gallop right until a[hint + lastofs] <= key < a[hint + ofs]
      const ssize maxofs = n - hint;
      while (ofs < maxofs) {
        k = lt_(key, a[ofs]);
        if (k < 0) return -1;
        if (k) break;
        lastofs = ofs;
        ofs = (ofs << 1) + 1;
      }
      if (ofs > maxofs) ofs = maxofs;
      lastofs += hint;
      ofs += hint;
    }
    a -= hint;
    ++lastofs;
    while (lastofs < ofs) {
      ssize m = lastofs + ((ofs - lastofs) >> 1);
      k = lt_(key, a[m]);
      if (k < 0) return -1;
      if (k) ofs = m;
      else lastofs = m + 1;
    }
    return ofs;
  }

  // Merges na elements at ssa with nb at ssb (ssa + na == ssb, na <= nb),
  // copying the A run to the buffer.
  bool merge_lo(SortSlice ssa, ssize na, SortSlice ssb, ssize nb) {
    if (!getmem(na)) return false;
    sortslice_memmove(&a_, 0, &ssa, 0, na);
    SortSlice dest = ssa;
    ssa = a_;
    bool result = false;
    ssize min_gallop;

    sortslice_copy_incr(&dest, &ssb);
    --nb;
    if (nb == 0) goto Succeed;
    if (na == 1) goto CopyB;

    min_gallop = min_gallop_;
    for (;;) {
      ssize acount = 0, bcount = 0;  // # of times A / B won in a row
      // Straightforward merge until one run appears to win consistently.
      for (;;) {
        int k = lt_(ssb.keys[0], ssa.keys[0]);
        if (k < 0) goto Fail;
        if (k) {
          sortslice_copy_incr(&dest, &ssb);
          ++bcount;
          acount = 0;
          --nb;
          if (nb == 0) goto Succeed;
          if (bcount >= min_gallop) break;
        } else {
          sortslice_copy_incr(&dest, &ssa);
          ++acount;
          bcount = 0;
          --na;
          if (na == 1) goto CopyB;
          if (acount >= min_gallop) break;
        }
      }
      // Gallop while one run keeps winning.
      ++min_gallop;
      do {
        min_gallop -= min_gallop > 1;
        min_gallop_ = min_gallop;
        ssize k = gallop_right(ssb.keys[0], ssa.keys, na, 0);
        acount = k;
        if (k) {
          if (k < 0) goto Fail;
          sortslice_memmove(&dest, 0, &ssa, 0, k);
          sortslice_advance(&dest, k);
          sortslice_advance(&ssa, k);
          na -= k;
          if (na == 1) goto CopyB;
          // na == 0 is impossible for a consistent comparison, but can't be assumed.
          if (na == 0) goto Succeed;
        }
        sortslice_copy_incr(&dest, &ssb);
        --nb;
        if (nb == 0) goto Succeed;

        k = gallop_left(ssa.keys[0], ssb.keys, nb, 0);
        bcount = k;
        if (k) {
          if (k < 0) goto Fail;
          sortslice_memmove(&dest, 0, &ssb, 0, k);
          sortslice_advance(&dest, k);
          sortslice_advance(&ssb, k);
          nb -= k;
          if (nb == 0) goto Succeed;
        }
        sortslice_copy_incr(&dest, &ssa);
        --na;
        if (na == 1) goto CopyB;
      } while (acount >= kMinGallop || bcount >= kMinGallop);
      ++min_gallop;  // penalize it for leaving galloping mode
      min_gallop_ = min_gallop;
    }
  Succeed:
    result = true;
  Fail:
    if (na) sortslice_memmove(&dest, 0, &ssa, 0, na);
    return result;
  CopyB:
    // The last element of ssa belongs at the end of the merge.
    sortslice_memmove(&dest, 0, &ssb, 0, nb);
    sortslice_copy(&dest, nb, &ssa, 0);
    return true;
  }

  // As merge_lo, but na >= nb: copies the B run to the buffer and merges
  // from the right.
  bool merge_hi(SortSlice ssa, ssize na, SortSlice ssb, ssize nb) {
    if (!getmem(nb)) return false;
    SortSlice dest = ssb;
    sortslice_advance(&dest, nb - 1);
    sortslice_memmove(&a_, 0, &ssb, 0, nb);
    SortSlice basea = ssa;
    SortSlice baseb = a_;
    ssb.keys = a_.keys + nb - 1;
    if (ssb.values) ssb.values = a_.values + nb - 1;
    sortslice_advance(&ssa, na - 1);
    bool result = false;
    ssize min_gallop;

    sortslice_copy_decr(&dest, &ssa);
    --na;
    if (na == 0) goto Succeed;
    if (nb == 1) goto CopyA;

    min_gallop = min_gallop_;
    for (;;) {
      ssize acount = 0, bcount = 0;
      for (;;) {
        int k = lt_(ssb.keys[0], ssa.keys[0]);
        if (k < 0) goto Fail;
        if (k) {
          sortslice_copy_decr(&dest, &ssa);
          ++acount;
          bcount = 0;
          --na;
          if (na == 0) goto Succeed;
          if (acount >= min_gallop) break;
        } else {
          sortslice_copy_decr(&dest, &ssb);
          ++bcount;
          acount = 0;
          --nb;
          if (nb == 1) goto CopyA;
          if (bcount >= min_gallop) break;
        }
      }
      ++min_gallop;
      do {
        min_gallop -= min_gallop > 1;
        min_gallop_ = min_gallop;
        ssize k = gallop_right(ssb.keys[0], basea.keys, na, na - 1);
        if (k < 0) goto Fail;
        k = na - k;
        acount = k;
        if (k) {
          sortslice_advance(&dest, -k);
          sortslice_advance(&ssa, -k);
          sortslice_memmove(&dest, 1, &ssa, 1, k);
          na -= k;
          if (na == 0) goto Succeed;
        }
        sortslice_copy_decr(&dest, &ssb);
        --nb;
        if (nb == 1) goto CopyA;

        k = gallop_left(ssa.keys[0], baseb.keys, nb, nb - 1);
        if (k < 0) goto Fail;
        k = nb - k;
        bcount = k;
        if (k) {
          sortslice_advance(&dest, -k);
          sortslice_advance(&ssb, -k);
          sortslice_memmove(&dest, 1, &ssb, 1, k);
          nb -= k;
          if (nb == 1) goto CopyA;
          // nb == 0 is impossible for a consistent comparison, but can't be assumed.
          if (nb == 0) goto Succeed;
        }
        sortslice_copy_decr(&dest, &ssa);
        --na;
        if (na == 0) goto Succeed;
      } while (acount >= kMinGallop || bcount >= kMinGallop);
      ++min_gallop;
      min_gallop_ = min_gallop;
    }
  Succeed:
    result = true;
  Fail:
    if (nb) sortslice_memmove(&dest, -(nb - 1), &baseb, 0, nb);
    return result;
  CopyA:
    // The first element of ssb belongs at the front of the merge.
    sortslice_memmove(&dest, 1 - na, &ssa, 1 - na, na);
    sortslice_advance(&dest, -na);
    sortslice_advance(&ssa, -na);
    sortslice_copy(&dest, 0, &ssb, 0);
    return true;
  }

  // Merges the two runs at stack indices i and i+1.
  bool merge_at(int i) {
    SortSlice ssa = pending_[i].base;
    ssize na = pending_[i].len;
    SortSlice ssb = pending_[i + 1].base;
    ssize nb = pending_[i + 1].len;

    pending_[i].len = na + nb;
    if (i == n_ - 3) pending_[i + 1] = pending_[i + 2];
    --n_;

    // Where does b start in a? Elements of a before that are already in place.
    ssize k = gallop_right(*ssb.keys, ssa.keys, na, 0);
    if (k < 0) return false;
    sortslice_advance(&ssa, k);
    na -= k;
    if (na == 0) return true;

    // Where does a end in b? Elements of b after that are already in place.
    nb = gallop_left(ssa.keys[na - 1], ssb.keys, nb, nb - 1);
    if (nb <= 0) return nb == 0;

    if (na <= nb) return merge_lo(ssa, na, ssb, nb);
    return merge_hi(ssa, na, ssb, nb);
  }

  // The "power" of the boundary between two adjacent runs (powersort).
  static int powerloss(ssize s1, ssize n1, ssize n2, ssize n) {
    int result = 0;
    ssize a = 2 * s1 + n1;  // 2*a
    ssize b = a + n1 + n2;  // 2*b
    for (;;) {
      ++result;
      if (a >= n) {  // both quotient bits are 1
        a -= n;
        b -= n;
      } else if (b >= n) {  // a/n bit is 0, b/n bit is 1
        break;
      }
      a <<= 1;
      b <<= 1;
    }
    return result;
  }

  bool found_new_run(ssize n2) {
    if (n_) {
      Run* p = pending_;
      ssize s1 = p[n_ - 1].base.keys - basekeys_;
      ssize n1 = p[n_ - 1].len;
      int power = powerloss(s1, n1, n2, listlen_);
      while (n_ > 1 && p[n_ - 2].power > power) {
        if (!merge_at(n_ - 2)) return false;
      }
      p[n_ - 1].power = power;
    }
    return true;
  }

  bool merge_force_collapse() {
    Run* p = pending_;
    while (n_ > 1) {
      int n = n_ - 2;
      if (n > 0 && p[n - 1].len < p[n + 1].len) --n;
      if (!merge_at(n)) return false;
    }
    return true;
  }
};

// The comparisons: generic (vm::less_than) and the specialised ones used
// when every key has the same simple type.
struct GenericLt {
  VM* vm;
  int operator()(const Value& a, const Value& b) const { return less_than(*vm, a, b); }
};
struct SmallIntLt {
  int operator()(const Value& a, const Value& b) const { return a.as_small_int() < b.as_small_int(); }
};
struct FloatLt {
  int operator()(const Value& a, const Value& b) const { return a.as_double() < b.as_double(); }
};
struct StrLt {
  // UTF-8 byte order is code point order, which is how str compares.
  int operator()(const Value& a, const Value& b) const {
    auto* x = a.as<StrObject>();
    auto* y = b.as<StrObject>();
    size_t n = x->nbytes < y->nbytes ? x->nbytes : y->nbytes;
    int c = std::memcmp(x->data, y->data, n);
    if (c != 0) return c < 0;
    return x->nbytes < y->nbytes;
  }
};

// CPython's unsafe_tuple_compare: every key is an exact, non-empty tuple.
// Leading equal items are skipped with ==; when the first items differ,
// they are compared with ElemLt, the comparison chosen for the keys' first
// items (all small ints, all floats, all str, or the generic one);
// otherwise the first differing items with vm::less_than. Exactly what
// comparing the tuples with `<` does.
template <class ElemLt>
struct TupleLt {
  VM* vm;
  ElemLt elem;
  int operator()(const Value& a, const Value& b) const {
    auto* v = a.as<TupleObject>();
    auto* w = b.as<TupleObject>();
    size_t vlen = v->size, wlen = w->size, i = 0;
    for (; i < vlen && i < wlen; ++i) {
      int k = eq_fast(*vm, v->items[i], w->items[i]);
      if (k < 0) return -1;
      if (!k) break;
    }
    if (i >= vlen || i >= wlen) return vlen < wlen;
    if (i == 0) return elem(v->items[0], w->items[0]);
    return less_than(*vm, v->items[i], w->items[i]);
  }
};

template <class Lt>
bool run_sort(Lt lt, Value* keys, Value* values, size_t n) {
  auto sorter = std::make_unique<Sorter<Lt>>(lt, keys, values, ssize(n));
  return sorter->run(keys, values);
}

}  // namespace

bool timsort(VM& vm, Value* keys, Value* values, size_t n) {
  if (n < 2) return true;
  bool all_int = true, all_float = true, all_str = true;
  for (size_t i = 0; i < n; ++i) {
    const Value& k = keys[i];
    all_int = all_int && k.is_small_int();
    all_float = all_float && k.is_double();
    all_str = all_str && is_str(k) && k.as_object()->type == vm.types.str;
    if (!all_int && !all_float && !all_str) break;
  }
  if (all_int) return run_sort(SmallIntLt{}, keys, values, n);
  if (all_float) return run_sort(FloatLt{}, keys, values, n);
  if (all_str) return run_sort(StrLt{}, keys, values, n);
  // Keys that are all non-empty tuples: look at their first items.
  bool all_tuples = true;
  all_int = all_float = all_str = true;
  for (size_t i = 0; i < n && all_tuples; ++i) {
    const Value& k = keys[i];
    if (!is_kind(k, ObjKind::Tuple) || k.as_object()->type != vm.types.tuple || k.as<TupleObject>()->size == 0) {
      all_tuples = false;
      break;
    }
    const Value& first = k.as<TupleObject>()->items[0];
    all_int = all_int && first.is_small_int();
    all_float = all_float && first.is_double();
    all_str = all_str && is_str(first) && first.as_object()->type == vm.types.str;
  }
  if (all_tuples) {
    if (all_int) return run_sort(TupleLt<SmallIntLt>{&vm, {}}, keys, values, n);
    if (all_float) return run_sort(TupleLt<FloatLt>{&vm, {}}, keys, values, n);
    if (all_str) return run_sort(TupleLt<StrLt>{&vm, {}}, keys, values, n);
    return run_sort(TupleLt<GenericLt>{&vm, {&vm}}, keys, values, n);
  }
  return run_sort(GenericLt{&vm}, keys, values, n);
}

}  // namespace kiln::vm
