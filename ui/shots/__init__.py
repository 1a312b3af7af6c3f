"""Scenes rendered headless to an image, from fixed data: for the screenshot command, docs and tests."""
