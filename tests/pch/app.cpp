// The translation unit that builds pch/app.h once for the app tests.
