// Per-thread scratch space for the fast kernels' blocks (hundreds of KB each: too much for a stack).
#pragma once
#include <memory>

namespace privoco::fast::numerics {

// The calling thread's T, allocated on the heap at the thread's first use and kept for its life. Default-initialised
// (new T, not new T()): its pages become resident only as they are written. As static thread_locals these blocks
// made up a 4.4 MB static TLS block that every thread of every command was given and glibc zeroed at its start
// (the CLI's resident memory grew with each kernel added, whatever the command).
template <class T>
T& thread_workspace() {
  static thread_local std::unique_ptr<T> p;
  if (!p) p.reset(new T);
  return *p;
}

}  // namespace privoco::fast::numerics
