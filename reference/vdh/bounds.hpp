// Declarations are public: privoco/reference/bounds.hpp.
#pragma once
#include "privoco/reference/bounds.hpp"
