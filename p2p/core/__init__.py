"""The table's sans-IO core: protocol objects that take bytes, messages and the time as inputs and return
messages and effects (h11's way). Nothing here opens a socket or a file, starts a thread, reads a clock
or imports trio or zeroconf; tests/house/test_layering.py keeps it so."""
