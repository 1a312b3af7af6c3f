"""The window's scenes: each owns one screen (menu, vs-computer setup, table, results) or
one dialog over the table (trade proposal). See `base.Scene` for the contract."""
