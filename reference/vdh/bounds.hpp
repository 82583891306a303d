// Declarations are public: privoco/reference/vdh/bounds.hpp.
#pragma once
#include "privoco/reference/vdh/bounds.hpp"
