// N scratch balls for a fixed-precision ball function, initialised together and freed on scope exit.
#pragma once
#include <arb.h>

namespace privoco::reference::numerics {

template <int N>
struct Scratch {
  arb_t a[N];
  Scratch() { for (auto& x : a) arb_init(x); }
  ~Scratch() { for (auto& x : a) arb_clear(x); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  arb_ptr operator[](int i) { return a[i]; }
};

}  // namespace privoco::reference::numerics
