"""Helpers shared by every test: games and actions (engine), in-memory tables (p2p), the window
driver (ui), fault processes, invariants, a hostile peer and network namespaces."""
