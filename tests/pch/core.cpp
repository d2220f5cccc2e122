// The translation unit that builds pch/core.h once for the core tests.
