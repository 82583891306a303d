// Declarations are public: privoco/fast/vdh/bounds.hpp.
#pragma once
#include "privoco/fast/vdh/bounds.hpp"
