// Declarations are public: privoco/reference/cv.hpp.
#pragma once
#include "privoco/reference/cv.hpp"
