// The translation unit that builds pch/gui.h once for the GUI tests.
