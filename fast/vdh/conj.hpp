// The conjugate prior in double: the public header (batch and scalar forms).
#pragma once
#include "privoco/fast/vdh/conj.hpp"
