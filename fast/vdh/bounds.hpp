// Declarations are public: privoco/fast/bounds.hpp.
#pragma once
#include "privoco/fast/bounds.hpp"
