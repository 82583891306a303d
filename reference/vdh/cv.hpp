// Declarations are public: privoco/reference/vdh/cv.hpp.
#pragma once
#include "privoco/reference/vdh/cv.hpp"
