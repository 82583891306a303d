// A part's registry, filled once, on first use, by every paper's registration (the part's papers.cpp, generated
// by CMake from PRIVOCO_PAPERS, defines `fill`).
#pragma once

namespace privoco {

template <class Registry, void (*fill)(Registry&)>
const Registry& registered() {
  static const Registry r = [] {
    Registry x;
    fill(x);
    return x;
  }();
  return r;
}

}  // namespace privoco
